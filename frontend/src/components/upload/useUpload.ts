import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { UploadCalls } from './uploadCalls';
import { IDLE_UPLOAD, UploadController, type UploadControllerOptions, type UploadHooks, type UploadSnapshot } from './UploadController';

const noSubscription = () => () => undefined;
const idle = (): UploadSnapshot => IDLE_UPLOAD;

/**
 * One UploadController for the component's life (created on mount, destroyed on unmount: an upload in flight is
 * cancelled). `calls` and `hooks` are read when used, so they may change between renders.
 */
export function useUpload(calls: UploadCalls, hooks: UploadHooks, options?: UploadControllerOptions) {
  const callsRef = useRef(calls);
  const hooksRef = useRef(hooks);
  const optionsRef = useRef(options);
  useEffect(() => {
    callsRef.current = calls;
    hooksRef.current = hooks;
  });
  const [controller, setController] = useState<UploadController | null>(null);

  useEffect(() => {
    const forward: UploadCalls = {
      presignedUpload: (r) => callsRef.current.presignedUpload(r),
      initiateMultipart: (r) => callsRef.current.initiateMultipart(r),
      signPart: (r) => callsRef.current.signPart(r),
      listParts: (r) => callsRef.current.listParts(r),
      completeMultipart: (r) => callsRef.current.completeMultipart(r),
      abortMultipart: (r) => callsRef.current.abortMultipart(r),
      proxyUpload: (file, path, o) => callsRef.current.proxyUpload(file, path, o),
    };
    const created = new UploadController(forward, optionsRef.current);
    created.setHooks({
      uploaded: (f) => hooksRef.current.uploaded?.(f),
      failed: (reason) => hooksRef.current.failed?.(reason),
      cancelled: () => hooksRef.current.cancelled?.(),
    });
    setController(created);
    return () => created.destroy();
  }, []);

  const snapshot = useSyncExternalStore(controller?.subscribe ?? noSubscription, controller?.getSnapshot ?? idle);
  return { snapshot, controller };
}
