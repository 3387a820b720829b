// The suites that mostly wait (reminder sweeps every second, app restarts, a backup's round trip, a transcription's
// chunks) start first, so that their waiting overlaps the rest of the run instead of ending it alone. Jest's own order
// (longest first) needs timings from an earlier run, which a clean checkout does not have; it then goes by file size.
import Sequencer from '@jest/test-sequencer';

const WAITING = ['backup', 'agenda-reminders', 'transcription', 'storage-uploads', 'auth-limits', 'draft-cancel', 'embedded'];
const rank = (test) => {
  const at = WAITING.findIndex((name) => test.path.endsWith(`/${name}.test.ts`));
  return at < 0 ? WAITING.length : at;
};

export default class WaitingFirst extends Sequencer {
  sort(tests) {
    return [...super.sort(tests)].sort((a, b) => rank(a) - rank(b));
  }
}
