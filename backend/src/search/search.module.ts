import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module';
import { SearchIndexSweep } from './search-index.service';
import { SearchController } from './search.controller';
import { SearchService } from './search.service';

/** The search across a practice's sessions and its index (session_search_passages, session_search_state). */
@Module({
  imports: [AccessModule],
  controllers: [SearchController],
  providers: [SearchService, SearchIndexSweep],
  exports: [SearchIndexSweep],
})
export class SearchModule {}
