import { Module } from '@nestjs/common';
import { ExercisesModule } from '../exercises/exercises.module';
import { ConsentsModule } from '../consents/consents.module';
import { AccessModule } from '../access/access.module';
import { AiAgentController } from './ai-agent.controller';
import { AiAgentService } from './ai-agent.service';
import { ChatContextService } from './context/chat-context.service';

/**
 * The AI assistants ('Consultar IA', the patient-detail ai-chat tab, the patient's AI chat): the
 * context each may read (`context/`), within a budget, and the chat calls, answered whole or streamed.
 */
@Module({
  imports: [AccessModule, ConsentsModule, ExercisesModule],
  controllers: [AiAgentController],
  providers: [AiAgentService, ChatContextService],
})
export class AiAgentModule {}
