import { fileEndpoints } from '../files.ts';

/** The files container of the order detail (part 1 §2, §7): Dodací list, Faktura, Jiné. */
export const orderFilesEndpoints = fileEndpoints('order');
