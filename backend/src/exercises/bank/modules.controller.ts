import { Controller } from '@nestjs/common';

// SKELETON: to be written.
@Controller('modulos')
export class ModulesController {}
