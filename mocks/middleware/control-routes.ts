import express, { type Response, Router } from 'express';
import { z } from 'zod';
import { addHugeCart } from '../db/huge-cart';
import { addHugeImportJob } from '../db/huge-import';
import { errorBody } from '../handlers/respond';
import { reset, runtime } from '../runtime';
import { removeStagedFiles } from './upload-staging';
import { settingsPatchSchema } from '../settings';
import { faultSchema } from './faults';

function invalid(res: Response, error: z.ZodError): void {
  res.status(400).json(errorBody(400, error.issues.map((issue) => issue.message).join('; ')));
}

/** Body of `POST /__mock/carts/huge`: how many assets the scale-test cart holds. */
const hugeCartSchema = z.strictObject({ items: z.number().int().min(1).max(100_000).default(10_000) });
/** Body of `POST /__mock/imports/huge`: how many ready items the scale-test job holds. */
const hugeImportSchema = hugeCartSchema;

/** `/__mock/*`: for tests and demos, never used by the app (UI-CONTRACT, "Control routes"). */
export function controlRoutes(): Router {
  const router = Router();
  router.use(express.json());

  router.post('/reset', (_req, res) => {
    reset();
    removeStagedFiles();
    res.json({ ok: true });
  });

  router.get('/settings', (_req, res) => {
    res.json(runtime.settings);
  });

  router.post('/settings', (req, res) => {
    const patch = settingsPatchSchema.safeParse(req.body);
    if (!patch.success) return invalid(res, patch.error);
    runtime.settings = { ...runtime.settings, ...patch.data };
    res.json(runtime.settings);
  });

  router.get('/faults', (_req, res) => {
    res.json(runtime.faults);
  });

  router.post('/faults', (req, res) => {
    const fault = faultSchema.safeParse(req.body);
    if (!fault.success) return invalid(res, fault.error);
    runtime.faults.push({ ...fault.data, matched: 0 });
    res.status(201).json(runtime.faults);
  });

  router.delete('/faults', (_req, res) => {
    runtime.faults = [];
    res.json(runtime.faults);
  });

  router.get('/requests', (_req, res) => {
    res.json(runtime.requests);
  });

  router.get('/logs', (_req, res) => {
    res.json(runtime.clientLogs);
  });

  router.get('/outbox', (_req, res) => {
    res.json(runtime.outbox);
  });

  // the zips being built are ready now: a journey that waits for one need not wait out `zip.buildMs`
  router.post('/zips/ready', (_req, res) => {
    const now = Date.now();
    for (const job of runtime.zips.values()) job.readyAt = Math.min(job.readyAt, now);
    res.json({ ready: runtime.zips.size });
  });

  router.post('/carts/huge', (req, res) => {
    const body = hugeCartSchema.safeParse(req.body ?? {});
    if (!body.success) return invalid(res, body.error);
    const cart = addHugeCart(runtime.db, body.data.items);
    res.status(201).json({ id: String(cart.id), name: cart.name, total: body.data.items });
  });

  router.post('/imports/huge', (req, res) => {
    const body = hugeImportSchema.safeParse(req.body ?? {});
    if (!body.success) return invalid(res, body.error);
    const job = addHugeImportJob(runtime.db, body.data.items);
    res.status(201).json({ id: String(job.id), name: job.name, items: body.data.items });
  });

  router.use((req, res) => {
    res.status(404).json(errorBody(404, `Unknown control route ${req.method} ${req.originalUrl}`));
  });
  return router;
}
