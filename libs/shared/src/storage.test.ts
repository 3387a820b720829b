import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import { STORAGE_LIMITS, acceptAttribute, acceptedType, checkUpload, fileNameOfKey, fileTypeLabel, uploadKind } from './storage';

describe('uploadKind', () => {
  it.each([
    ['sesiones/0b6f3d1e-1111-4a4a-9c9c-123456789abc', 'video'],
    ['/sesiones/x', 'video'],
    ['ejercicios', 'exercise'],
    ['', 'exercise'],
    [undefined, 'exercise'],
    ['otros/sesiones', 'exercise'],
    ['pacientes/0b6f3d1e-1111-4a4a-9c9c-123456789abc/perfil', 'photo'],
    ['constructor', 'exercise'],
    ['__proto__/x', 'exercise'],
  ] as const)('%j is %s', (path, kind) => expect(uploadKind(path)).toBe(kind));
});

describe('checkUpload of a profile photo', () => {
  it.each([
    ['yo.jpg', 'image/jpeg'],
    ['yo.JPEG', ''],
    ['yo.png', 'image/png'],
    ['yo.gif', 'image/gif'],
    ['yo.webp', 'image/webp'],
  ])('%s (%j) is accepted', (name, type) => expect(checkUpload('photo', name, type, 1000).error).toBeNull());

  it.each([
    ['yo.svg', 'image/svg+xml'],
    ['yo.svg', ''],
    ['yo.html', 'text/html'],
    ['yo.pdf', 'application/pdf'],
    ['yo.png', 'video/mp4'],
  ])('%s (%j) is refused: images only, never SVG', (name, type) => {
    expect(checkUpload('photo', name, type, 1000)).toEqual({ contentType: null, error: MSG.storage.photoType, tooLarge: false });
  });

  it('the limit is 5 MB: at it accepted, one byte more refused as too large', () => {
    expect(checkUpload('photo', 'a.png', 'image/png', STORAGE_LIMITS.photoMaxBytes).error).toBeNull();
    expect(checkUpload('photo', 'a.png', 'image/png', STORAGE_LIMITS.photoMaxBytes + 1)).toEqual({
      contentType: 'image/png',
      error: MSG.storage.photoTooLarge,
      tooLarge: true,
    });
  });
});

describe('checkUpload', () => {
  it.each([
    ['a.mp4', 'video/mp4'],
    ['a.avi', 'video/x-msvideo'],
    ['a.mov', 'video/quicktime'],
    ['a.wmv', 'video/x-ms-wmv'],
    ['a.MOV', ''],
    ['a.wmv', 'application/octet-stream'],
  ])('a session video %s (%j) is accepted', (name, type) => {
    expect(checkUpload('video', name, type, 1000).error).toBeNull();
  });

  it.each([
    ['a.webm', 'video/webm'],
    ['a.pdf', 'application/pdf'],
    ['a.mp4', 'image/png'],
    ['a.mkv', ''],
  ])('a session video %s (%j) is refused with the spec message', (name, type) => {
    expect(checkUpload('video', name, type, 1000)).toEqual({ contentType: null, error: MSG.storage.videoType, tooLarge: false });
  });

  it('the video limit is 10 GB: at it accepted, one byte more refused as too large', () => {
    expect(checkUpload('video', 'a.mp4', 'video/mp4', STORAGE_LIMITS.videoMaxBytes).error).toBeNull();
    expect(checkUpload('video', 'a.mp4', 'video/mp4', STORAGE_LIMITS.videoMaxBytes + 1)).toEqual({
      contentType: 'video/mp4',
      error: MSG.storage.videoTooLarge,
      tooLarge: true,
    });
  });

  it.each([
    ['guía.pdf', 'application/pdf'],
    ['a.doc', 'application/msword'],
    ['a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['a.jpg', 'image/jpeg'],
    ['a.png', 'image/png'],
    ['a.gif', 'image/gif'],
    ['a.mp3', 'audio/mpeg'],
    ['a.wav', 'audio/wav'],
    ['a.mp4', 'video/mp4'],
  ])('an exercise file %s (%j) is accepted', (name, type) => {
    expect(checkUpload('exercise', name, type, 1000).error).toBeNull();
  });

  it('an exercise file of another type, or over 500 MB, is refused with the spec messages', () => {
    expect(checkUpload('exercise', 'x.exe', 'application/x-msdownload', 10).error).toBe(MSG.storage.fileType);
    expect(checkUpload('exercise', 'x.html', 'text/html', 10).error).toBe(MSG.storage.fileType);
    expect(checkUpload('exercise', 'a.pdf', 'application/pdf', STORAGE_LIMITS.exerciseFileMaxBytes + 1)).toMatchObject({
      error: MSG.storage.fileTooLarge,
      tooLarge: true,
    });
  });

  it('an unknown browser type is decided by the extension; parameters are ignored', () => {
    expect(acceptedType('exercise', 'notas.PDF', 'application/octet-stream')).toBe('application/pdf');
    expect(acceptedType('video', 'a.mp4', 'video/mp4; codecs=avc1')).toBe('video/mp4');
    expect(acceptedType('video', 'sin-extension', '')).toBeNull();
  });
});

describe('helpers', () => {
  it('accept attribute lists types and extensions', () => {
    expect(acceptAttribute('video')).toContain('video/mp4');
    expect(acceptAttribute('video')).toContain('.wmv');
    expect(acceptAttribute('video')).not.toContain('.pdf');
  });

  it('file type labels', () => {
    expect(['a.pdf', 'a.m4a', 'a.mov', 'a.docx', 'a.jpeg', 'a.zip'].map(fileTypeLabel)).toEqual([
      'PDF',
      'Audio',
      'Video',
      'Word',
      'Imagen',
      'Archivo',
    ]);
  });

  it('a key shows the uploaded name', () => {
    expect(fileNameOfKey('files/u/sesiones/p/0123456789abcdef-Sesión 1.mp4')).toBe('Sesión 1.mp4');
  });
});
