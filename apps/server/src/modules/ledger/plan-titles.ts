/**
 * Bought plans in the buyer's words, for the profile and the invoices: the ledger keeps the
 * provider's bundle name and description ("eSIM, 1GB, 7 Days, France, V2"); the allowance is
 * looked up by that name among the plans the catalogue lists for the destination and titled
 * with planTitle() ("1 GB · 7 days"). A plan that has left the catalogue keeps its stored
 * description as its title, and its validity is then not known.
 */
import { type Language, type Plan, type PlanAllowance, planTitle } from '@tern/contract';
import type { Ready } from '../catalog/service';
import { planTitleIn } from './invoice-names';

/** The fields of the catalogue's plans (the contract's Plan) that a title needs. */
type TitledPlan = Pick<Plan, 'pla_name' | 'pla_data_amount' | 'pla_duration' | 'pla_unlimited'>;

/** The catalogue's plan lists (./catalog/service.ts), the same array until the catalogue changes. */
export interface PlanCatalogue {
  plansForCountryIso(iso: string): Ready<readonly TitledPlan[] | undefined>;
  plansForRegionName(name: string): Ready<readonly TitledPlan[] | undefined>;
}

/** A bought plan as the buyer reads it. */
export interface ShopPlan {
  title: string;
  /** Days it lasts once started; null when the catalogue no longer lists the plan. */
  validityDays: number | null;
}

export interface BoughtPlan {
  /** The provider's bundle name (led_pla_name). */
  planName: string;
  planDescription: string;
  /** Where it was sold: the country's ISO code or the region's name (led_iso). */
  destination: string;
}

export type PlanTitles = ReturnType<typeof createPlanTitles>;

export function createPlanTitles(catalog: PlanCatalogue, onError: (error: unknown) => void) {
  // A plan list lives until the catalogue changes, so each is read once.
  const allowancesByList = new WeakMap<readonly TitledPlan[], Map<string, PlanAllowance>>();

  async function allowancesFor(destination: string): Promise<Map<string, PlanAllowance>> {
    const plans =
      (await catalog.plansForCountryIso(destination)) ??
      (await catalog.plansForRegionName(destination));
    if (!plans) return new Map();
    let byName = allowancesByList.get(plans);
    if (!byName) {
      byName = new Map(
        plans.map((plan) => [
          plan.pla_name,
          {
            dataMb: plan.pla_data_amount,
            unlimited: plan.pla_unlimited,
            durationDays: plan.pla_duration,
          },
        ]),
      );
      allowancesByList.set(plans, byName);
    }
    return byName;
  }

  async function allowanceOf(plan: BoughtPlan): Promise<PlanAllowance | undefined> {
    try {
      return (await allowancesFor(plan.destination)).get(plan.planName);
    } catch (error) {
      // A title is not worth a failed page: the stored description still names the plan.
      onError(error);
      return undefined;
    }
  }

  /** One bought plan in the shop's words. */
  async function shopPlan(plan: BoughtPlan): Promise<ShopPlan> {
    const allowance = await allowanceOf(plan);
    if (!allowance) return { title: plan.planDescription || plan.planName, validityDays: null };
    const validityDays = allowance.durationDays > 0 ? allowance.durationDays : null;
    return { title: planTitle(allowance), validityDays };
  }

  /** The plan's title in `language` (an invoice's); a plan no longer listed keeps its description. */
  async function titleIn(plan: BoughtPlan, language: Language): Promise<string> {
    const allowance = await allowanceOf(plan);
    return allowance ? planTitleIn(allowance, language) : plan.planDescription || plan.planName;
  }

  // allowanceOf: what a bought plan gives, for naming it in another language (e-mails).
  return { shopPlan, allowanceOf, titleIn };
}
