// What `zod` resolves to in the SPA build (vite.config.ts aliases it here): zod itself, told first
// never to compile validators with `new Function`. The page's Content-Security-Policy allows no
// eval, and zod probes for it as it builds its first object schema; the browser reports that probe
// as a violation even though zod catches it. As the module every `import ... from 'zod'` goes
// through, this runs before any schema is built, whichever lazy chunk brings zod in first, so zod
// can stay off the first load of pages that validate nothing.
import * as z from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
