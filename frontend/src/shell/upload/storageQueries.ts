import { useCallback } from 'react';
import { useDataProvider } from 'react-admin';
import type { ConsultaDataProvider } from '../../app/providers/dataProvider';
import type { FileUrl } from '../../components/exercises/openFiles';
import type { UploadCalls } from '../../components/upload/uploadCalls';

/** GET /aws-s3/files/{key}: a signed URL of a file the caller may read (an exercise's material), one callback for the component's life. */
export function useFileUrl(): FileUrl {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useCallback((fileKey: string) => dataProvider.fileUrl(fileKey), [dataProvider]);
}

/** The storage calls an uploader makes (useUpload, ExerciseFilesField), as the data provider offers them. */
export function useUploadCalls(): UploadCalls {
  return useDataProvider<ConsultaDataProvider>();
}
