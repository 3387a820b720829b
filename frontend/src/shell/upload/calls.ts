import type { DeleteFileAnswer, DownloadUrlAnswer } from '@consulta/shared';
import { segment, type HttpClient } from '../../app/core/http';
import type { UploadCalls } from '../../components/upload/uploadCalls';

/** The file store: the uploader's calls (UploadCalls, typed there) and the signed URLs of stored files. */
export const storageCalls = (http: HttpClient) => {
  const upload: UploadCalls = {
    /** POST /aws-s3/presigned-upload-url: one PUT of the whole file (send the answer's `headers`). */
    presignedUpload: (request) => http.post('/aws-s3/presigned-upload-url', request),
    initiateMultipart: (request) => http.post('/aws-s3/initiate-multipart-upload', request),
    signPart: (request) => http.post('/aws-s3/presigned-part-url', request),
    /** POST /aws-s3/list-parts: the parts the store holds (to resume). */
    listParts: (ref) => http.post('/aws-s3/list-parts', ref),
    completeMultipart: (request) => http.post('/aws-s3/complete-multipart-upload', request),
    abortMultipart: (ref) => http.post('/aws-s3/abort-multipart-upload', ref),
    /** POST /aws-s3/proxy-upload (multipart form: custom_path, then file), with upload progress and abort. */
    proxyUpload: (file, customPath, options) => {
      // The server reads the path before the file's bytes (it streams them straight to the store).
      const form = new FormData();
      form.append('custom_path', customPath);
      form.append('file', file, file.name);
      return http.upload('/aws-s3/proxy-upload', form, options);
    },
  };
  return {
    ...upload,
    /** POST /aws-s3/download-url: a signed URL of one of the caller's files. */
    downloadUrl: (fileKey: string) => http.post<DownloadUrlAnswer>('/aws-s3/download-url', { file_key: fileKey }),
    /** DELETE /aws-s3/delete-file (409 FILE_IN_USE while something refers to it). */
    deleteFile: async (fileKey: string) =>
      (await http.request<DeleteFileAnswer>('/aws-s3/delete-file', { method: 'DELETE', body: JSON.stringify({ file_key: fileKey }) })).json,
    /** GET /aws-s3/files/{key without files/}: a signed URL of a file the caller may read (an exercise's material). */
    fileUrl: (fileKey: string) =>
      http.get<DownloadUrlAnswer>(
        `/aws-s3/files/${fileKey
          .replace(/^files\//, '')
          .split('/')
          .map(segment)
          .join('/')}`,
      ),
  };
};

export type StorageCalls = ReturnType<typeof storageCalls>;
