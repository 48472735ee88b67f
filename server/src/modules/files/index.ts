// What the files module offers the others (decision 0091): the upload, delete and download routes
// a customer's, an order's or a transportation's module mounts, the check of an upload's type, and
// the file rows of an owner that its module writes or removes in its own transaction.
export { checkUploadType } from './content-type.ts';
export { deleteFile, findFile, findFiles, insertFile } from './files.queries.ts';
export { type FileRoutes, fileRoutes } from './files.routes.ts';
