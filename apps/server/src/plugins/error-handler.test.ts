import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { notFound } from '../errors';
import { errorHandlerPlugin } from './error-handler';

const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandlerPlugin);
  app.post(
    '/things',
    { schema: { body: z.strictObject({ name: z.string().min(3, 'Please enter a valid name') }) } },
    async (request) => ({ name: request.body.name }),
  );
  app.get('/missing', async () => {
    throw notFound('Country not found');
  });
  app.get('/broken', async () => {
    throw new Error('database password is hunter2');
  });
  await app.ready();
});
afterAll(() => app.close());

describe('the error handler', () => {
  it('answers a body that breaks the schema with 400 and the field errors', async () => {
    const response = await app.inject({ method: 'POST', url: '/things', payload: { name: 'ab' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'body.name: Please enter a valid name',
      errors: [{ path: 'body.name', message: 'Please enter a valid name' }],
    });
  });

  it('rejects unknown fields', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/things',
      payload: { name: 'abc', price: 0 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/price/);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
  });

  it('passes a known error through with its status and words', async () => {
    const response = await app.inject({ method: 'GET', url: '/missing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Country not found' });
  });

  it('hides the details of an unexpected failure and gives the request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/broken' });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body.message).toBe('Something bad happened; please try again later.');
    expect(body.requestId).toBeTruthy();
    expect(response.body).not.toContain('hunter2');
  });
});
