// The trip planner's English (the `#/trip` page and the landing's link to it): the source of truth.
export const trip = {
  'meta.title': 'Plan a trip to several countries',
  'meta.description':
    'Name the countries of your trip and how long it lasts: we find the cheapest eSIM plans that cover them all.',
  'landing.link': 'Going to several countries?',
  'landing.linkText': 'Plan your trip: the cheapest plans that cover every stop.',
  title: 'Going to several countries?',
  intro:
    'Name every country of your trip and how long it lasts. We look through every country and regional plan for the cheapest ways to cover them all.',
  'countries.legend': 'Countries you will visit',
  'countries.search': 'Add a country',
  'countries.placeholder': 'Type a country, like France or UAE',
  'countries.results': 'Countries matching your search',
  'countries.add': 'Add {name}',
  'countries.added': '{name} added',
  'countries.removed': '{name} removed',
  'countries.remove': 'Remove {name}',
  'countries.chosen': '{count, plural, =0 {No countries yet} one {# country} other {# countries}}',
  'countries.none': 'No country matches “{query}”.',
  'countries.noOwnPlan': 'no plan of its own',
  'countries.full': 'A trip can have at most {max} countries.',
  'length.legend': 'How long is your trip?',
  'length.days': 'Number of days',
  'length.dates': 'Dates',
  'length.daysLabel': 'Days',
  'length.first': 'First day',
  'length.last': 'Last day',
  'length.fromDates': '{count, plural, one {# day} other {# days}}',
  'data.label': 'Data you need (optional)',
  'data.hint': 'Every plan of an option gives at least this much.',
  'data.any': 'Any amount',
  'data.amount': 'At least {amount}',
  submit: 'Find plans',
  'error.noCountries': 'Add at least one country.',
  'error.days': 'Enter a number of days from 1 to 365.',
  'error.dates':
    'Choose a first and a last day, the last on or after the first, at most 365 days apart.',
  'results.title': 'Your options',
  'results.loading': 'Looking for the cheapest plans…',
  'results.error': "We couldn't plan this trip.",
  'results.summary':
    '{count, plural, =0 {No option covers this trip} one {# option for {days, plural, one {# day} other {# days}}, from {price}} other {# options for {days, plural, one {# day} other {# days}}, from {price}}}',
  'results.none': 'No plan covers these countries for {days, plural, one {# day} other {# days}}.',
  'results.unknown': 'We do not know these codes: {codes}.',
  'results.uncovered':
    'No plan lasts {days, plural, one {# day} other {# days}} in {names}. Try a shorter trip or less data.',
  'option.title': 'Option {index}',
  'option.cheapest': 'Cheapest',
  'option.total': 'Total',
  'option.plans': '{count, plural, one {# plan} other {# plans}}',
  'option.oneEsim': 'One eSIM for every stop',
  'option.lasts': 'Every plan lasts at least {validity}',
  'option.oneByOne':
    'These {count} plans are bought one after another: each is its own order and its own eSIM. Buy one, then come back to this page for the next.',
  'plan.worksIn': 'Works in',
  // A stop-over on the way (issue 31): a regional plan covering it starts its clock there.
  'stopover.label': 'Stop-over on the way (optional)',
  'stopover.hint':
    'Changing planes in another country? A plan that works there can start its clock at the stop-over.',
  'stopover.none': 'No stop-over',
  'plan.stopover':
    'This plan also works in {name}, your stop-over: if your phone connects there, its {days, plural, one {# day} other {# days}} start at the stop-over. Keep mobile data off until you arrive.',
  'plan.name': '{count, plural, =1 {{name}} other {{name} · # countries}}',
  // The plural on the amount is where French agrees its participle (1 Go partagé, 5 Go partagés).
  'plan.shared':
    '{amount, plural, other {{data} shared}} by {count, plural, one {# country} other {# countries}}',
  'plan.sharedUnlimited':
    'Unlimited data shared by {count, plural, one {# country} other {# countries}}',
  'plan.single': '{data} for {name}',
  'plan.buy': 'Buy this plan',
  'plan.step': 'Plan {index} of {count}',
} as const;
