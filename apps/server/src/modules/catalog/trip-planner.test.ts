import { describe, expect, it } from 'vitest';
import { buildTripCatalogue, planTrip } from './trip-planner';
import {
  type PlannedOption,
  type TripCandidate,
  type TripRequest,
  type TripSearchBounds,
  tripSearchBounds,
} from './trip-types';

let nextId = 1;

/** A crafted plan: `name` comes back as the plan, to read the options by. */
function plan(
  name: string,
  coverage: string[],
  price: number,
  data: number | 'unlimited',
  days: number,
): TripCandidate<string> {
  const id = nextId;
  nextId += 1;
  return {
    id,
    priceCents: Math.round(price * 100),
    dataMb: data === 'unlimited' ? -1 : data * 1000,
    unlimited: data === 'unlimited',
    durationDays: days,
    coverage,
    plan: name,
  };
}

function plan1(
  plans: TripCandidate<string>[],
  request: TripRequest,
  known: string[] = [],
  bounds: TripSearchBounds = tripSearchBounds,
) {
  return planTrip(buildTripCatalogue(plans, known), request, bounds);
}

/** Each option as its plans' names, in the order the option lists them. */
const names = (options: PlannedOption<string>[]) =>
  options.map((option) => option.plans.map((entry) => entry.candidate.plan));

describe('the trip planner', () => {
  it('prefers one regional plan to three locals that cost more together', () => {
    const answer = plan1(
      [
        plan('FR 3GB', ['FR'], 8, 3, 15),
        plan('IT 3GB', ['IT'], 8, 3, 15),
        plan('ES 3GB', ['ES'], 8, 3, 15),
        plan('Europe 3GB', ['FR', 'IT', 'ES', 'DE'], 19, 3, 15),
      ],
      { countries: ['FR', 'IT', 'ES'], days: 7 },
    );
    expect(names(answer.options)).toEqual([['Europe 3GB'], ['FR 3GB', 'IT 3GB', 'ES 3GB']]);
    const [regional] = answer.options;
    expect(regional?.priceCents).toBe(1900);
    expect(regional?.plans[0]?.countries).toEqual(['FR', 'IT', 'ES']);
    expect(regional?.plans[0]?.shared).toBe(true);
    // The locals cost more but give 3 GB in each country: more data, so still offered.
    expect(answer.options[1]?.priceCents).toBe(2400);
    expect(answer.options[1]?.plans.every((entry) => !entry.shared)).toBe(true);
  });

  it('adds a local plan for the stop the regional plan misses', () => {
    const answer = plan1(
      [
        plan('Europe 5GB', ['FR', 'IT', 'DE'], 15, 5, 30),
        plan('TR 5GB', ['TR'], 9, 5, 30),
        plan('FR 5GB', ['FR'], 9, 5, 30),
        plan('IT 5GB', ['IT'], 9, 5, 30),
      ],
      { countries: ['FR', 'IT', 'TR'], days: 10 },
    );
    const [first] = answer.options;
    expect(names([first as PlannedOption<string>])).toEqual([['Europe 5GB', 'TR 5GB']]);
    expect(first?.plans.map((entry) => entry.countries)).toEqual([['FR', 'IT'], ['TR']]);
    expect(first?.priceCents).toBe(2400);
    expect(answer.covered).toEqual(['FR', 'IT', 'TR']);
  });

  it('breaks a tie on price by more data, then by fewer plans', () => {
    const locals = [plan('FR 1GB', ['FR'], 10, 1, 15), plan('IT 1GB', ['IT'], 10, 1, 15)];
    // Both cost 20: 3 GB for the pair before 2 GB over two locals (kept: they last longer).
    const moreData = plan1([...locals, plan('Pair 3GB', ['FR', 'IT'], 20, 3, 10)], {
      countries: ['FR', 'IT'],
      days: 7,
    });
    expect(names(moreData.options)).toEqual([['Pair 3GB'], ['FR 1GB', 'IT 1GB']]);
    // Both cost 20 for 2 GB: one plan before two.
    const fewerPlans = plan1([...locals, plan('Pair 2GB', ['FR', 'IT'], 20, 2, 10)], {
      countries: ['FR', 'IT'],
      days: 7,
    });
    expect(names(fewerPlans.options)).toEqual([['Pair 2GB'], ['FR 1GB', 'IT 1GB']]);
    // Listed first even when given last.
    const reversed = plan1([plan('Pair 2GB', ['FR', 'IT'], 20, 2, 10), ...locals.reverse()], {
      countries: ['IT', 'FR'],
      days: 7,
    });
    expect(names(reversed.options)[0]).toEqual(['Pair 2GB']);
  });

  it('leaves out an option that costs more for no more data and no more days', () => {
    const answer = plan1(
      [
        plan('Pair 3GB', ['FR', 'IT'], 12, 3, 30),
        plan('FR 1GB', ['FR'], 7, 1, 15),
        plan('IT 1GB', ['IT'], 7, 1, 15),
        plan('FR 3GB dear', ['FR'], 30, 3, 30),
      ],
      { countries: ['FR', 'IT'], days: 7 },
    );
    // The locals cost 14 for 1 GB in each country and fewer days: beaten by 12 for 3 GB.
    expect(names(answer.options)).toEqual([['Pair 3GB']]);
  });

  it('only counts plans that last the whole trip and give the data asked for', () => {
    const plans = [
      plan('FR 1GB 7d', ['FR'], 5, 1, 7),
      plan('FR 5GB 30d', ['FR'], 15, 5, 30),
      plan('FR UL 1d', ['FR'], 4, 'unlimited', 1),
      plan('FR UL 15d', ['FR'], 40, 'unlimited', 15),
    ];
    expect(names(plan1(plans, { countries: ['FR'], days: 10 }).options)).toEqual([
      ['FR 5GB 30d'],
      ['FR UL 15d'],
    ]);
    // A daily unlimited plan never covers a longer trip, however cheap.
    expect(names(plan1(plans, { countries: ['FR'], days: 2 }).options)[0]).toEqual(['FR 1GB 7d']);
    // Unlimited always gives the data asked for.
    expect(names(plan1(plans, { countries: ['FR'], days: 7, dataGb: 10 }).options)).toEqual([
      ['FR UL 15d'],
    ]);
  });

  it('counts unlimited as more data than any allowance, country by country', () => {
    const answer = plan1(
      [
        plan('Pair UL', ['FR', 'IT'], 30, 'unlimited', 10),
        plan('FR 50GB', ['FR'], 20, 50, 90),
        plan('IT 50GB', ['IT'], 20, 50, 90),
        plan('Pair 1GB', ['FR', 'IT'], 31, 1, 10),
      ],
      { countries: ['FR', 'IT'], days: 10 },
    );
    // The costlier 1 GB plan is beaten by the unlimited one; 100 GB over 90 days stays.
    expect(names(answer.options)).toEqual([['Pair UL'], ['FR 50GB', 'IT 50GB']]);
    expect(answer.options[0]?.unlimitedCountries).toEqual(['FR', 'IT']);
    expect(answer.options[0]?.dataMb).toBe(0);
    expect(answer.options[1]?.dataMb).toBe(100_000);
  });

  it('offers more data for a little more money next to the cheapest', () => {
    const answer = plan1(
      [
        plan('FR 1GB', ['FR'], 5, 1, 7),
        plan('FR 3GB', ['FR'], 9, 3, 15),
        plan('FR 3GB dear', ['FR'], 12, 3, 15),
      ],
      { countries: ['FR'], days: 7 },
    );
    expect(names(answer.options)).toEqual([['FR 1GB'], ['FR 3GB']]);
  });

  it('names unknown codes and countries no plan serves, and plans the rest', () => {
    const answer = plan1(
      [plan('FR 1GB', ['FR'], 5, 1, 7), plan('IT 1GB', ['IT'], 5, 1, 7)],
      { countries: ['fr', 'XX', 'IT', 'KP', 'FR'], days: 7 },
      ['KP'],
    );
    expect(answer.countries).toEqual(['FR', 'XX', 'IT', 'KP']);
    expect(answer.covered).toEqual(['FR', 'IT']);
    expect(answer.unknown).toEqual(['XX']);
    expect(answer.uncovered).toEqual(['KP']);
    expect(names(answer.options)).toEqual([['FR 1GB', 'IT 1GB']]);
  });

  it('calls a country uncovered when its plans are too short for the trip', () => {
    const answer = plan1([plan('FR 1GB', ['FR'], 5, 1, 7)], { countries: ['FR'], days: 8 });
    expect(answer.uncovered).toEqual(['FR']);
    expect(answer.options).toEqual([]);
  });

  it('never lists a plan that another plan of the option makes useless', () => {
    const answer = plan1(
      [
        plan('All 3GB', ['FR', 'IT', 'TR'], 20, 3, 30),
        plan('FR 20GB', ['FR'], 25, 20, 30),
        plan('IT 1GB', ['IT'], 4, 1, 30),
        plan('TR 1GB', ['TR'], 4, 1, 30),
      ],
      { countries: ['FR', 'IT', 'TR'], days: 10 },
    );
    for (const option of answer.options) {
      for (const entry of option.plans) {
        const others = option.plans.filter((other) => other !== entry);
        const coveredByOthers = entry.countries.every((iso) =>
          others.some((other) => other.countries.includes(iso)),
        );
        expect(coveredByOthers, names([option]).join()).toBe(false);
      }
    }
    expect(names(answer.options)).toEqual([['All 3GB'], ['FR 20GB', 'IT 1GB', 'TR 1GB']]);
  });

  it('finds the cheapest cover of 15 countries among overlapping regions', () => {
    const countries = 'FR IT ES DE PT NL BE AT CH GR TR MA EG AE JO'.split(' ');
    const plans = [
      ...countries.map((iso) => plan(`${iso} 1GB`, [iso], 4, 1, 30)),
      plan('West 1GB', ['FR', 'IT', 'ES', 'DE', 'PT', 'NL', 'BE', 'AT', 'CH'], 10, 1, 30),
      plan('East 1GB', ['GR', 'TR', 'EG', 'AE', 'JO'], 9, 1, 30),
      plan('Med 1GB', ['FR', 'IT', 'ES', 'GR', 'TR', 'MA', 'EG'], 12, 1, 30),
    ];
    const answer = plan1(plans, { countries, days: 14 });
    // West + East + a local for Morocco: 10 + 9 + 4.
    expect(answer.options[0]?.priceCents).toBe(2300);
    expect(names(answer.options)[0]).toEqual(['West 1GB', 'East 1GB', 'MA 1GB']);
    // Every option covers every country; none is cheaper than the first.
    for (const option of answer.options) {
      expect(new Set(option.plans.flatMap((entry) => entry.countries))).toEqual(new Set(countries));
      expect(option.priceCents).toBeGreaterThanOrEqual(2300);
    }
  });

  describe('one eSIM for the whole trip (issue 26)', () => {
    const stops = ['JP', 'TH', 'US', 'AE'];
    // The shape of the shop's catalogue for Japan, Thailand, the USA and the UAE: a Global
    // plan covers all four; Asia, the USA and the UAE together give more data for less.
    const world = () => [
      plan('Global 5GB', ['JP', 'TH', 'US', 'AE', 'FR'], 46.99, 5, 30),
      plan('Global 25GB', ['JP', 'TH', 'US', 'AE', 'FR'], 155.99, 25, 60),
      plan('Asia 5GB', ['JP', 'TH'], 16.99, 5, 30),
      plan('Asia 10GB', ['JP', 'TH'], 27.99, 10, 30),
      plan('US 5GB', ['US'], 9.99, 5, 30),
      plan('US 10GB', ['US'], 15.99, 10, 30),
      plan('AE 5GB', ['AE'], 9.99, 5, 30),
      plan('AE 10GB', ['AE'], 16.99, 10, 30),
      plan('JP 5GB', ['JP'], 8.99, 5, 30),
      plan('TH 5GB', ['TH'], 9.99, 5, 30),
    ];
    const onePlan = (options: PlannedOption<string>[]) =>
      options.filter((option) => option.plans.length === 1);

    it('offers the cheapest plan for every stop though combinations give more data for less', () => {
      const answer = plan1(world(), { countries: stops, days: 21 });
      // The cheapest combination first, and one eSIM for all four beside it.
      expect(names(answer.options)[0]).toEqual(['Asia 5GB', 'US 5GB', 'AE 5GB']);
      expect(answer.options[0]?.priceCents).toBe(3697);
      expect(names(onePlan(answer.options))[0]).toEqual(['Global 5GB']);
      expect(onePlan(answer.options)[0]?.plans[0]?.countries).toEqual(stops);
    });

    it('keeps the cheapest one-plan option when the cap on options would cut it', () => {
      const answer = plan1(world(), { countries: stops, days: 21 }, [], {
        ...tripSearchBounds,
        maxOptions: 2,
      });
      expect(answer.options).toHaveLength(2);
      expect(names(answer.options)).toEqual([['Asia 5GB', 'US 5GB', 'AE 5GB'], ['Global 5GB']]);
    });

    it('keeps the cheapest combination when one-plan options would fill the list', () => {
      const answer = plan1(
        [
          plan('Pair 1GB', ['FR', 'IT'], 5, 1, 30),
          plan('Pair 2GB', ['FR', 'IT'], 7, 2, 30),
          plan('Pair 3GB', ['FR', 'IT'], 9, 3, 30),
          plan('FR 10GB', ['FR'], 6, 10, 30),
          plan('IT 10GB', ['IT'], 6, 10, 30),
        ],
        { countries: ['FR', 'IT'], days: 7 },
        [],
        { ...tripSearchBounds, maxOptions: 2 },
      );
      expect(names(answer.options)).toEqual([['Pair 1GB'], ['FR 10GB', 'IT 10GB']]);
    });

    it('finds one plan for all even when the cover search keeps fewer ways', () => {
      const answer = plan1(world(), { countries: stops, days: 21 }, [], {
        ...tripSearchBounds,
        maxCovers: 1,
      });
      expect(names(onePlan(answer.options))[0]).toEqual(['Global 5GB']);
    });

    it('meets the days and data asked for with its one-plan option', () => {
      const answer = plan1(world(), { countries: stops, days: 45, dataGb: 10 });
      expect(names(answer.options)).toEqual([['Global 25GB']]);
      expect(plan1(world(), { countries: stops, days: 21, dataGb: 30 }).options).toEqual([]);
    });
  });
});
