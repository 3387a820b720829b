import { Injectable } from '@nestjs/common';

// SKELETON: to be written.
@Injectable()
export class AssignmentsService {}
