import { Global, Module } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { AI_PROVIDER, UnconfiguredAi, type AiProvider } from './ai-provider';
import { OpenAiProvider } from './openai.provider';

/** The OpenAI-compatible provider when OPENAI_API_KEY is set (any value, for a local server), else none. */
export function createAiProvider(config: AppConfig): AiProvider {
  return config.openai.apiKey ? new OpenAiProvider(config.openai) : new UnconfiguredAi();
}

@Global()
@Module({
  providers: [{ provide: AI_PROVIDER, useFactory: createAiProvider, inject: [APP_CONFIG] }],
  exports: [AI_PROVIDER],
})
export class AiModule {}
