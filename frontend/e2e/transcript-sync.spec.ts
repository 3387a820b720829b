import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  expectAccessible,
  expectFitsWidth,
  patientReadyToSignIn,
  signInAsPatient,
  signInAsTherapist,
  snap,
  therapistToken,
  uploadSessionVideo,
  VIEWPORTS,
} from './helpers';

/**
 * The video and its transcript move together, in the therapist's session detail and in the patient's session
 * dialog, at desktop and phone widths: a turn (click or Enter) moves the video to its start; the turn being
 * spoken is highlighted, announced politely and brought into view, unless the reader has scrolled away from it;
 * every turn shows its time as mm:ss. One scroll per page (the transcript has no box of its own), and the player
 * stays in view while the transcript is read (at 1280 px beside it).
 */
/** 40 turns over the demo video's first 32 s: longer than a screen. */
const TURNS = Array.from({ length: 40 }, (_, i) => ({
  speaker_label: i % 2 ? 'Paciente' : 'Terapeuta',
  start_time: i * 0.8,
  end_time: i * 0.8 + 0.7,
  text:
    i % 2
      ? `Respuesta ${i}: esta semana he practicado la respiración antes de las reuniones.`
      : `Pregunta ${i}: ¿cómo lo notas en el cuerpo?`,
}));

/** A patient with one session: the demo video and the turns above. */
async function sessionWithTurns(request: APIRequestContext) {
  const patient = await patientReadyToSignIn(request, 'Turnos', ['grabacion']);
  const token = await therapistToken(request);
  const res = await request.post('/api/v1/sesiones/', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      paciente_id: patient.id,
      tipo_sesion: 'psicoterapia',
      notas: 'Sesión con video',
      temas_importantes: 'Respiración',
      video_url: await uploadSessionVideo(request, token, patient.id),
      transcripcion_segmentos: TURNS,
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return { patient, sessionId: (await res.json()).id as string };
}

const videoTime = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.currentTime);

/**
 * The player stays where a turn put it: `play()` is noted on the element instead of playing, so the positions the
 * test reads do not run on (the browser's own seeking and events are untouched).
 */
const holdPlayback = (page: Page) =>
  page.addInitScript(() => {
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      this.dataset.playRequested = String(Number(this.dataset.playRequested ?? 0) + 1);
      return Promise.resolve();
    };
  });
/** Moves the player as its own controls would, and waits for the turn it lands in. */
async function playerAt(video: Locator, seconds: number) {
  await video.evaluate((v: HTMLVideoElement, t) => {
    v.pause();
    v.currentTime = t;
  }, seconds);
}

async function expectSynced(page: Page, scope: Locator, name: string) {
  const video = scope.getByTestId('session-video');
  const timeline = scope.getByTestId('transcript-timeline');
  const turns = timeline.getByTestId('timeline-turn');
  await expect(turns).toHaveCount(TURNS.length);
  await expect(turns.nth(0).getByTestId('timeline-turn-time')).toHaveText('00:00');
  await expect(turns.nth(13).getByTestId('timeline-turn-time')).toHaveText('00:10');
  // The player knows the file (its length is read from it) before a turn can move it.
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(30);

  // A click moves the video to the turn's start, which is highlighted and announced.
  await turns.nth(5).getByRole('button').click();
  await expect.poll(() => videoTime(video)).toBeCloseTo(4, 1);
  await expect(video).toHaveAttribute('data-play-requested', '1');
  await expect(turns.nth(5)).toHaveAttribute('aria-current', 'true');
  await expect(scope.getByTestId('timeline-announcer')).toHaveText('Turno 6 de 40: Paciente, 00:04');

  // Enter on a turn does the same.
  await turns.nth(2).getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => videoTime(video)).toBeCloseTo(1.6, 1);
  await expect(turns.nth(2)).toHaveAttribute('aria-current', 'true');
  await expect(turns.nth(5)).not.toHaveAttribute('aria-current', 'true');

  // One scroll: the transcript is no box of its own inside the scrolling page (or dialog).
  expect(await timeline.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);

  // The player moving on its own: the turn being spoken follows and is brought into view, under the player, which
  // stays in view.
  await playerAt(video, 30.5);
  await expect(turns.nth(38)).toHaveAttribute('aria-current', 'true');
  await expect.poll(() => turns.nth(38).evaluate(inReadingArea)).toBe(true);
  await expectPlayerInView(page, video);
  await snap(page, `transcript-sync-${name}`, { fullPage: false });
  await expectAccessible(page, `transcript sync ${name}`);

  // A turn played far down the transcript: the video is still on screen, whole.
  await turns.nth(36).getByRole('button').click();
  await expect.poll(() => videoTime(video)).toBeCloseTo(28.8, 1);
  await expectPlayerInView(page, video);

  // The reader scrolls back to the start to read: the highlight moves on, the page stays where they read.
  await turns.nth(0).evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await page.waitForTimeout(300);
  const reading = await scrollTopOf(timeline);
  await playerAt(video, 31.3);
  await expect(turns.nth(39)).toHaveAttribute('aria-current', 'true');
  await page.waitForTimeout(400);
  expect(await scrollTopOf(timeline)).toBe(reading);
}

/** The scroll position of what scrolls the transcript: the dialog's content, or the page. */
function scrollTopOf(timeline: Locator): Promise<number> {
  return timeline.evaluate((el) => {
    for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
      const { overflowY } = getComputedStyle(node);
      if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight) return node.scrollTop;
    }
    return window.scrollY;
  });
}

/** The player's whole box is on screen. */
async function expectPlayerInView(page: Page, video: Locator) {
  await expect
    .poll(async () => {
      const box = await video.boundingBox();
      const { height, width } = page.viewportSize()!;
      return box !== null && box.y >= -1 && box.y + box.height <= height + 1 && box.x >= -1 && box.x + box.width <= width + 1;
    })
    .toBe(true);
}

/**
 * Read far down, then a scroll back up brings the app bar back: the stuck player stands under the bar, its top not
 * covered (it moves back up when the bar leaves again).
 */
async function expectPlayerUnderAppBar(page: Page, scope: Locator) {
  const turns = scope.getByTestId('timeline-turn');
  const bar = page.locator('[data-shell-app-bar]');
  const player = scope.getByTestId('sticky-player');
  await turns.nth(30).scrollIntoViewIfNeeded();
  await page.mouse.move(viewportCenter(page).x, viewportCenter(page).y);
  await page.mouse.wheel(0, 600);
  // Scrolled down: the bar has slid away and the player is stuck at the very top.
  const barRect = () => bar.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
  await expect.poll(async () => (await barRect()).bottom).toBeLessThanOrEqual(1);
  await expect.poll(async () => Math.round((await player.boundingBox())!.y)).toBe(0);
  await page.mouse.wheel(0, -150);
  // Scrolled up: the bar is back, whole, and the player's top is below it.
  await expect.poll(async () => Math.round((await barRect()).top)).toBe(0);
  const { bottom: barBottom } = await barRect();
  await expect.poll(async () => (await player.boundingBox())!.y).toBeGreaterThanOrEqual(barBottom - 1);
  expect(await scope.getByTestId('session-video').evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(barBottom);
  await snap(page, `player-under-app-bar-${page.viewportSize()!.width}`, { fullPage: false });
}

const viewportCenter = (page: Page) => ({ x: page.viewportSize()!.width / 2, y: page.viewportSize()!.height / 2 });

/** Whether the turn shows whole on screen and is not hidden under the player that stays in view. */
function inReadingArea(el: Element): boolean {
  const r = el.getBoundingClientRect();
  const player = el.closest('[data-testid="player-with-transcript"]')?.querySelector('[data-testid="sticky-player"]');
  const p = player?.getBoundingClientRect();
  const under = p && p.left < r.right && p.right > r.left ? p.bottom : 0;
  let bottom = window.innerHeight;
  for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight) {
      bottom = node.getBoundingClientRect().bottom;
      break;
    }
  }
  return r.top >= under - 1 && r.bottom <= bottom + 1;
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`the transcript moves with the video (${name})`, () => {
    // With motion, as most people see it: the glide to the current turn and the app bar's slide (the rest of the
    // suite runs with reduced motion, see playwright.config.ts).
    test.use({ viewport, reducedMotion: 'no-preference' });
    // A session with its video set up, two accessibility checks and a long transcript played through: over the
    // default 45 s on a busy machine.
    test.describe.configure({ timeout: 90_000 });
    test.beforeEach(({ page }) => holdPlayback(page));

    test('in the therapist session detail', async ({ page, request }) => {
      const { patient, sessionId } = await sessionWithTurns(request);
      await signInAsTherapist(page, `/dashboard/terapeuta/pacientes/${patient.id}/sesiones?sesion=${sessionId}`);
      const detail = page.getByTestId('session-detail');
      await expect(detail.getByRole('heading', { name: 'Sesión 1' })).toBeVisible();
      await expectFitsWidth(page);
      await expectSynced(page, detail, `therapist-${name}`);
      await expectPlayerUnderAppBar(page, detail);
    });

    test('opened at a moment, the session shows that turn and starts the video there', async ({ page, request }) => {
      const { patient, sessionId } = await sessionWithTurns(request);
      await signInAsTherapist(page, `/dashboard/terapeuta/pacientes/${patient.id}/sesiones?sesion=${sessionId}&t=24.1`);
      const detail = page.getByTestId('session-detail');
      const turn = detail.getByTestId('timeline-turn').nth(30);
      await expect(turn).toHaveAttribute('aria-current', 'true');
      await expect.poll(() => turn.evaluate(inReadingArea)).toBe(true);
      await expectPlayerInView(page, detail.getByTestId('session-video'));
      await expect.poll(() => videoTime(detail.getByTestId('session-video'))).toBeCloseTo(24.1, 0);
    });

    test("in the patient's session dialog", async ({ page, request }) => {
      const { patient } = await sessionWithTurns(request);
      await signInAsPatient(page, patient);
      await expect(page).toHaveURL(/\/dashboard\/paciente$/);
      await page.goto('/dashboard/paciente/sesiones');
      await page.getByTestId('my-session-card').first().click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: 'Sesión 1' })).toBeVisible();
      await expectSynced(page, dialog, `patient-${name}`);
    });
  });
}
