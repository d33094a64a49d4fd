import { describe, expect, it } from 'vitest';
import { batchAnswerSchemas, type BatchAnswer, type BatchRequest } from '@/lib/core/batch-schemas';
import { operations } from '@/lib/core/operations';
import { problemSchema } from '@/lib/http/problem-schema';
import { createJobService, type JobServiceOptions } from '@/lib/core/jobs';
import { createFakeClock, createFakeKv } from '../helpers/fake-kv';
import { toProblem } from '@/lib/http/problem';

const { jobSchema } = batchAnswerSchemas(operations, problemSchema);

const request: BatchRequest = { operations: [{ kind: 'install', desktop: 'hacker' }, { kind: 'release', app: 'prowl' }] };
const answer: BatchAnswer = {
  results: [
    { ok: true, kind: 'install', data: { desktops: [] } },
    {
      ok: false,
      kind: 'release',
      problem: { type: '/problems/unknown_app', title: 'Unknown app', status: 404, detail: 'no', code: 'unknown_app' },
    },
  ],
};

function setup(overrides: Partial<JobServiceOptions> = {}) {
  const time = createFakeClock();
  const kv = createFakeKv(time.clock);
  let runs = 0;
  const jobs = createJobService({
    kv,
    clock: time.clock,
    run: async () => {
      runs += 1;
      return answer;
    },
    describeFailure: toProblem,
    log: () => undefined,
    ...overrides,
  });
  return { time, kv, jobs, runs: () => runs };
}

async function submitted(jobs: ReturnType<typeof setup>['jobs']) {
  const result = await jobs.submit(request);
  if (!result.ok) throw new Error(result.error.code);
  return result.value;
}

const codeOf = (result: { ok: boolean; error?: { code: string } }) => (result.ok ? 'ok' : result.error!.code);

describe('jobs', () => {
  it('submits a queued job with a uuid and a /v1/jobs/{id} url', async () => {
    const { jobs } = setup();
    const job = await submitted(jobs);
    expect(jobSchema.safeParse(job).success).toBe(true);
    expect(job).toMatchObject({ status: 'queued', completed_at: null, operations: 2, created_at: '2026-11-21T10:00:00.000Z' });
    expect(job.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(job.url).toBe(`/v1/jobs/${job.id}`);
    expect(await jobs.read(job.id)).toEqual({ ok: true, value: job });
  });

  it('moves queued → done with the batch answer', async () => {
    const { jobs, time } = setup();
    const job = await submitted(jobs);
    time.advance(500);
    await jobs.execute(job.id);
    const read = await jobs.read(job.id);
    expect(read.ok && read.value).toEqual({
      ...job,
      status: 'done',
      completed_at: '2026-11-21T10:00:00.500Z',
      result: answer,
    });
    expect(jobSchema.safeParse(read.ok && read.value).success).toBe(true);
  });

  it('reads queued while the run is in progress', async () => {
    let finish: () => void = () => undefined;
    const { jobs } = setup({ run: () => new Promise((resolve) => (finish = () => resolve(answer))) });
    const job = await submitted(jobs);
    const running = jobs.execute(job.id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const during = await jobs.read(job.id);
    expect(during.ok && during.value.status).toBe('queued');
    finish();
    await running;
    const after = await jobs.read(job.id);
    expect(after.ok && after.value.status).toBe('done');
  });

  it('moves queued → failed with a problem when the run itself throws', async () => {
    const { jobs } = setup({ run: async () => Promise.reject(new Error('crash')) });
    const job = await submitted(jobs);
    await expect(jobs.execute(job.id)).resolves.toBeUndefined();
    const read = await jobs.read(job.id);
    expect(read.ok && read.value).toMatchObject({ status: 'failed', problem: { code: 'internal_error', status: 500 } });
    expect(read.ok && read.value.result).toBeUndefined();
  });

  it('runs a job once even if execute is called twice', async () => {
    const { jobs, runs } = setup();
    const job = await submitted(jobs);
    await Promise.all([jobs.execute(job.id), jobs.execute(job.id)]);
    await jobs.execute(job.id);
    expect(runs()).toBe(1);
  });

  it('reads a job whose runner never came as failed once its lease runs out, never stuck queued', async () => {
    const { jobs, time } = setup();
    const job = await submitted(jobs);
    time.advance(29_999);
    expect(((await jobs.read(job.id)) as { value: { status: string } }).value.status).toBe('queued');
    time.advance(2);
    const read = await jobs.read(job.id);
    expect(read.ok && read.value).toMatchObject({
      status: 'failed',
      completed_at: '2026-11-21T10:00:30.000Z',
      problem: { code: 'internal_error' },
    });
  });

  it('reads a job whose runner died mid-run as failed, and keeps it failed if the runner comes back late', async () => {
    let finish: () => void = () => undefined;
    const { jobs, time } = setup({ run: () => new Promise((resolve) => (finish = () => resolve(answer))) });
    const job = await submitted(jobs);
    const running = jobs.execute(job.id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    time.advance(30_001);
    expect(((await jobs.read(job.id)) as { value: { status: string } }).value.status).toBe('failed');
    finish();
    await running;
    expect(((await jobs.read(job.id)) as { value: { status: string } }).value.status).toBe('failed');
  });

  it('does not start a job whose lease already ran out', async () => {
    const { jobs, time, runs } = setup();
    const job = await submitted(jobs);
    time.advance(30_001);
    await jobs.execute(job.id);
    expect(runs()).toBe(0);
  });

  it('forgets a finished job one hour after completion', async () => {
    const { jobs, time } = setup();
    const job = await submitted(jobs);
    time.advance(1_000);
    await jobs.execute(job.id);
    time.advance(3_600_000 - 1);
    expect(codeOf(await jobs.read(job.id))).toBe('ok');
    time.advance(1);
    expect(codeOf(await jobs.read(job.id))).toBe('unknown_job');
  });

  it('forgets an abandoned job one hour after its lease ran out', async () => {
    const { jobs, time } = setup();
    const job = await submitted(jobs);
    time.advance(30_000 + 3_600_000 - 1);
    expect(codeOf(await jobs.read(job.id))).toBe('ok');
    time.advance(1);
    expect(codeOf(await jobs.read(job.id))).toBe('unknown_job');
  });

  it('answers unknown_job for ids it never issued or that are not job ids', async () => {
    const { jobs } = setup();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', '../etc', '', 'A'.repeat(36)]) {
      expect(codeOf(await jobs.read(id))).toBe('unknown_job');
    }
  });

  it('answers store_unavailable when the store is down', async () => {
    const { jobs, kv } = setup();
    const job = await submitted(jobs);
    kv.down = true;
    expect(codeOf(await jobs.submit(request))).toBe('store_unavailable');
    expect(codeOf(await jobs.read(job.id))).toBe('store_unavailable');
    await expect(jobs.execute(job.id)).resolves.toBeUndefined();
  });
});
