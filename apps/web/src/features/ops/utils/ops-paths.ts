// Where the console's pages are, under the app's #/ops route (the contract's route registry).
import { paths } from '@tern/contract/routes';

export const opsPaths = {
  order: (ref: string) => `${paths.ops}/orders/${encodeURIComponent(ref)}`,
  customers: `${paths.ops}/customers`,
  customer: (id: number) => `${paths.ops}/customers/${id}`,
  catalogue: `${paths.ops}/catalogue`,
};
