// The languages as a zod schema, apart from languages.ts so the web's first script can read the
// list without carrying zod (issue 18).
import { z } from 'zod';
import { languages } from './languages';

export const languageSchema = z.enum(languages);
