import { Body, Controller, Delete, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiNotFoundResponse,
  ApiParam,
  ApiPayloadTooLargeResponse,
  ApiQuery,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Request } from 'express';
import type { User } from '../auth/entities/user.entity';
import { CurrentUser } from '../auth/current-user.decorator';
import { ClinicalAccess, NoClinicalAccess } from '../common/auth/clinical-access.decorator';
import { Endpoint } from '../common/auth/endpoint.decorator';
import { ErrorDto } from '../common/errors/error.dto';
import {
  BucketContentsAnswerDto,
  CompleteMultipartAnswerDto,
  CompleteMultipartDto,
  DeleteFileAnswerDto,
  DownloadUrlAnswerDto,
  FileKeyDto,
  InitiateMultipartAnswerDto,
  InitiateMultipartDto,
  ListPartsAnswerDto,
  MultipartRefDto,
  PresignedPartAnswerDto,
  PresignedPartDto,
  PresignedUploadAnswerDto,
  PresignedUploadDto,
  ProxyUploadAnswerDto,
  SuccessDto,
} from '../storage/dto/storage.dto';
import { readFileForm } from '../storage/file-form';
import { keyFromFilesPath } from '../storage/file-keys';
import { UploadsService } from './uploads.service';

const NO_SPACE = 'No queda espacio en el servidor: lo ya subido se conserva y la subida puede continuar cuando haya espacio';

const RULES =
  'custom_path sesiones/{paciente_id}: video de sesión (MP4, AVI, MOV, WMV, QuickTime; 10 GB; el paciente debe ser del ' +
  'terapeuta); pacientes/{paciente_id}/perfil: foto de perfil (JPEG, PNG, GIF, WebP; 5 MB; la única subida de un ' +
  'paciente, la suya); cualquier otra ruta: archivo de ejercicio (video, PDF, Word, JPEG, PNG, GIF, MP3, WAV; 500 MB). ' +
  'La clave queda siempre bajo el espacio del terapeuta (el de su terapeuta, para un paciente).';

/** The storage calls (`/aws-s3/*`). Answers are 200; a key that is not the caller's is 404 on every call. */
@ApiTags('almacenamiento')
@Controller('aws-s3')
@ApiNotFoundResponse({ type: ErrorDto, description: 'Archivo, subida o paciente no encontrado (o de otro usuario)' })
export class StorageController {
  constructor(private readonly uploads: UploadsService) {}

  @Post('presigned-upload-url')
  @NoClinicalAccess('Prepara una subida; el archivo entra en la historia cuando una sesión, un borrador o el perfil lo toma')
  @HttpCode(200)
  @Endpoint({
    summary: 'URL firmada para subir un archivo con un PUT',
    roles: ['terapeuta', 'paciente'],
    description: `${RULES} El PUT debe llevar las cabeceras de headers y exactamente file_size bytes.`,
  })
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiPayloadTooLargeResponse({ type: ErrorDto })
  presign(@CurrentUser() user: User, @Body() dto: PresignedUploadDto): Promise<PresignedUploadAnswerDto> {
    return this.uploads.presign(user, dto);
  }

  @Post('proxy-upload')
  @NoClinicalAccess('Sube un archivo; entra en la historia cuando una sesión, un borrador o el perfil lo toma')
  @HttpCode(200)
  @Endpoint({
    summary: 'Subir un archivo a través del servidor',
    roles: ['terapeuta', 'paciente'],
    description: `Formulario multipart: custom_path primero, después file. ${RULES}`,
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { custom_path: { type: 'string' }, file: { type: 'string', format: 'binary' } } } })
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiPayloadTooLargeResponse({ type: ErrorDto })
  @ApiResponse({ status: 507, type: ErrorDto, description: NO_SPACE })
  proxy(@CurrentUser() user: User, @Req() req: Request): Promise<ProxyUploadAnswerDto> {
    return readFileForm(req, (form) => this.uploads.proxy(user, { ...form, customPath: form.fields.custom_path ?? '' }));
  }

  @Post('initiate-multipart-upload')
  @HttpCode(200)
  @Endpoint({
    summary: 'Empezar una subida por partes',
    roles: ['terapeuta'],
    description: `${RULES} Partes de part_size bytes (la última, menor); solo las que necesita file_size (sin él, el límite del tipo).`,
  })
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiPayloadTooLargeResponse({ type: ErrorDto })
  @ApiResponse({ status: 507, type: ErrorDto, description: NO_SPACE })
  @ApiConflictResponse({ type: ErrorDto, description: 'Demasiadas subidas por partes sin terminar (TOO_MANY_UPLOADS)' })
  initiate(@CurrentUser() user: User, @Body() dto: InitiateMultipartDto): Promise<InitiateMultipartAnswerDto> {
    return this.uploads.initiate(user, dto);
  }

  @Post('presigned-part-url')
  @HttpCode(200)
  @Endpoint({
    summary: 'URL firmada para subir una parte',
    roles: ['terapeuta'],
    description: 'La respuesta del PUT lleva el ETag de la parte. Un número de parte más allá del tamaño declarado es 400.',
  })
  @ApiBadRequestResponse({ type: ErrorDto })
  signPart(@CurrentUser() user: User, @Body() dto: PresignedPartDto): Promise<PresignedPartAnswerDto> {
    return this.uploads.signPart(user, dto);
  }

  @Post('list-parts')
  @HttpCode(200)
  @Endpoint({ summary: 'Partes ya guardadas de una subida', roles: ['terapeuta'], description: 'Para reanudar una subida interrumpida.' })
  listParts(@CurrentUser() user: User, @Body() dto: MultipartRefDto): Promise<ListPartsAnswerDto> {
    return this.uploads.listParts(user, dto);
  }

  @Post('complete-multipart-upload')
  @HttpCode(200)
  @Endpoint({
    summary: 'Completar una subida por partes',
    roles: ['terapeuta'],
    description: 'Partes numeradas desde 1 sin huecos. Si el total supera el límite, la subida se elimina (413).',
  })
  @ApiResponse({ status: 507, type: ErrorDto, description: NO_SPACE })
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiPayloadTooLargeResponse({ type: ErrorDto })
  complete(@CurrentUser() user: User, @Body() dto: CompleteMultipartDto): Promise<CompleteMultipartAnswerDto> {
    return this.uploads.complete(user, dto);
  }

  @Post('abort-multipart-upload')
  @HttpCode(200)
  @Endpoint({ summary: 'Cancelar una subida por partes', roles: ['terapeuta'], description: 'Elimina las partes ya subidas.' })
  abort(@CurrentUser() user: User, @Body() dto: MultipartRefDto): Promise<SuccessDto> {
    return this.uploads.abort(user, dto);
  }

  @Get('bucket-contents')
  @Endpoint({
    summary: 'Archivos propios',
    roles: ['terapeuta'],
    description: 'prefix es relativo al espacio del terapeuta (p. ej. ejercicios/).',
  })
  @ApiQuery({ name: 'prefix', required: false })
  @ApiBadRequestResponse({ type: ErrorDto })
  contents(@CurrentUser() user: User, @Query('prefix') prefix?: string): Promise<BucketContentsAnswerDto> {
    return this.uploads.contents(user, typeof prefix === 'string' ? prefix : undefined);
  }

  @Post('download-url')
  @ClinicalAccess('archivo', 'lectura')
  @HttpCode(200)
  @Endpoint({
    summary: 'URL firmada de descarga',
    roles: ['terapeuta', 'paciente'],
    description:
      'Un paciente, solo los archivos de sus propias sesiones y ejercicios. Un archivo cambiado después de adjuntarse es 409 FILE_CHANGED.',
  })
  downloadUrl(@CurrentUser() user: User, @Body() dto: FileKeyDto): Promise<DownloadUrlAnswerDto> {
    return this.uploads.downloadUrl(user, dto.file_key);
  }

  @Delete('delete-file')
  @Endpoint({ summary: 'Eliminar un archivo propio', roles: ['terapeuta'] })
  @ApiConflictResponse({ type: ErrorDto, description: 'Una sesión, un borrador o un ejercicio lo usa (FILE_IN_USE)' })
  remove(@CurrentUser() user: User, @Body() dto: FileKeyDto): Promise<DeleteFileAnswerDto> {
    return this.uploads.remove(user, dto.file_key);
  }

  @Get('files/*key')
  @ClinicalAccess('archivo', 'lectura')
  @ApiParam({
    name: 'key',
    description: 'Referencia del archivo sin su prefijo files/ (puede contener /).',
    example: 'terapeuta-id/ejercicios/guia.pdf',
  })
  @Endpoint({
    summary: 'URL de descarga de un archivo',
    roles: ['terapeuta', 'paciente'],
    description: 'La ruta es la referencia del archivo sin su prefijo files/.',
  })
  file(@CurrentUser() user: User, @Req() req: Request): Promise<DownloadUrlAnswerDto> {
    const rest = req.path.split('/aws-s3/files/')[1] ?? '';
    return this.uploads.downloadUrl(user, keyFromFilesPath(rest.split('/').map(decodeSegment).join('/')));
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
