import { fileEndpoints } from '../files.ts';

/** The files container of the order detail (domain.md §1.2, §1.7): Dodací list, Faktura, Jiné. */
export const orderFilesEndpoints = fileEndpoints('order');
