import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { AI_PROVIDER, UnconfiguredAi, type AiProvider } from './ai-provider';
import { OpenAiProvider } from './openai.provider';
import { PeopleDirectory, PRACTICE_PEOPLE } from './pseudonymize/people-directory';
import { PseudonymizingAiProvider } from './pseudonymizing.provider';

/**
 * The OpenAI-compatible provider when OPENAI_API_KEY is set (any value, for a local server), else none; behind the
 * pseudonymization unless AI_PSEUDONYMIZE=false (a provider on the practice's own machines).
 */
export function createAiProvider(config: AppConfig, people: PeopleDirectory): AiProvider {
  if (!config.openai.apiKey) return new UnconfiguredAi();
  const provider = new OpenAiProvider(config.openai);
  return config.aiPseudonymize ? new PseudonymizingAiProvider(provider, people) : provider;
}

/** The AI provider; the practice's people it keeps out of requests are read by `practicePeopleSql` (PRACTICE_PEOPLE). */
@Global()
@Module({})
export class AiModule {
  static forRoot(practicePeopleSql: string): DynamicModule {
    return {
      module: AiModule,
      providers: [
        { provide: PRACTICE_PEOPLE, useValue: practicePeopleSql },
        PeopleDirectory,
        { provide: AI_PROVIDER, useFactory: createAiProvider, inject: [APP_CONFIG, PeopleDirectory] },
      ],
      exports: [AI_PROVIDER],
    };
  }
}
