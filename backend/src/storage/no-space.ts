import { HttpException, HttpStatus } from '@nestjs/common';
import { MSG } from '@consulta/shared';
import { problem } from '../common/errors/error.dto';

/**
 * 507 for StorageRefusal('no-space'): the server's disk has no room for the bytes. What was stored before stays (the
 * parts of a multipart upload, its upload id), so the upload goes on once there is room.
 */
export const noSpace = (): HttpException => new HttpException(problem(MSG.storage.noSpace, 'NO_SPACE'), HttpStatus.INSUFFICIENT_STORAGE);
