import { MSG } from '@consulta/shared';
import { useCallback } from 'react';
import { useDataProvider } from 'react-admin';
import { reportError } from '../../app/core/reportError';
import type { ConsultaDataProvider } from '../../app/providers/dataProvider';
import type { FileUrl } from '../../components/exercises/openFiles';
import type { UploadCalls } from '../../components/upload/uploadCalls';

/** GET /aws-s3/files/{key}: a signed URL of a file the caller may read (an exercise's material), one callback for the component's life. */
export function useFileUrl(): FileUrl {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useCallback((fileKey: string) => dataProvider.fileUrl(fileKey), [dataProvider]);
}

/** DELETE /aws-s3/delete-file: removes one of the therapist's own files nothing refers to. */
export function useDeleteFile(): (fileKey: string) => Promise<unknown> {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useCallback((fileKey: string) => dataProvider.deleteFile(fileKey), [dataProvider]);
}

/** 'Error al acceder al archivo...': a file of an exercise could not be opened ('Ver Archivo'). */
export const reportFileOpenFailed = (error: unknown): void => reportError(error, MSG.exercises.fileOpenFailed);

/** The storage calls an uploader makes (useUpload, ExerciseFilesField), as the data provider offers them. */
export function useUploadCalls(): UploadCalls {
  return useDataProvider<ConsultaDataProvider>();
}
