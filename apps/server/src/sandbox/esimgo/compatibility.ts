/**
 * GET /esims/{iccid}/compatible/{bundle}: "eSIM Go utilizes multiple providers. As a result,
 * certain bundles may be incompatible with existing eSIMs if they originate from different
 * providers, preventing eSIM top-ups"
 * (https://docs.esim-go.com/api/v2_4/operations/esimsiccidcompatiblebundle/get). Here the
 * bundles named `incompatible` in the catalogue changes come from another provider: no eSIM
 * issued so far can take them, and a top-up order naming one is refused.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { isCompatible } from './catalogue-store';
import { existingEsim } from './esims-service';
import { readCatalogueChanges, readShapes } from './settings-repository';

const compatibleParamsSchema = z.object({
  iccid: z.string().min(1),
  bundle: z.string().min(1),
});

/**
 * The two documented answers: `{compatible}` (one v2.4 rendering) or `{message}` alone (v2.2,
 * v2.3 and the other v2.4 rendering, which never say what the message holds; these words are
 * the simulator's).
 */
async function compatibilityAnswer(db: Db, iccid: string, bundle: string) {
  // 400 for an ICCID the account never had, 403 for one returned: as every eSIM call.
  await existingEsim(db, iccid);
  // The pages document no answer for an unknown bundle: the order's own check refuses it.
  const compatible = isCompatible(await readCatalogueChanges(db), bundle);
  if ((await readShapes(db)).compatibility === 'boolean') return { compatible };
  return {
    message: compatible
      ? `Bundle ${bundle} is compatible with eSIM ${iccid}`
      : `Bundle ${bundle} is not compatible with eSIM ${iccid}`,
  };
}

export const compatibilityRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get(
    '/esims/:iccid/compatible/:bundle',
    { schema: { hide: true, params: compatibleParamsSchema } },
    async (request) =>
      compatibilityAnswer(api.database.db, request.params.iccid, request.params.bundle),
  );
};
