import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.js';
import { holdsNul, nulRefusal } from './input-guards.js';

export type MultipartForm = {
  fields: Record<string, string>;
  file: { fieldName: string; fileName: string; content: Buffer } | undefined;
};

/** Reads a multipart form with at most one file; text fields are trimmed; an oversized file is a 400. */
export async function readMultipart(request: FastifyRequest, options: { maxFileBytes: number }): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw badRequest('Le formulaire doit être envoyé en multipart/form-data.');
  }
  const fields: Record<string, string> = {};
  let file: MultipartForm['file'];
  // a file too large does not throw (a 413 in English): it is answered below as a 400 in French
  const partOptions: Parameters<FastifyRequest['parts']>[0] & { throwFileSizeLimit: boolean } = {
    limits: { fileSize: options.maxFileBytes, files: 1, fields: 50 },
    throwFileSizeLimit: false,
  };
  for await (const part of request.parts(partOptions)) {
    if (part.type === 'file') {
      const content = await part.toBuffer();
      if (part.file.truncated) {
        throw badRequest(`Le fichier dépasse la taille maximale de ${Math.round(options.maxFileBytes / 1024 / 1024)} Mo.`, {
          file: 'Fichier trop volumineux.',
        });
      }
      if (content.length > 0) {
        file = { fieldName: part.fieldname, fileName: path.basename(part.filename || 'fichier'), content };
      }
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value.trim();
    }
  }
  if (holdsNul(fields) || holdsNul(file?.fileName)) {
    throw nulRefusal();
  }
  return { fields, file };
}
