// `npm run api-types`: writes the app's client types from the route table (client-types.ts says why).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ROUTES } from '../routes/table.ts';
import { CLIENT_TYPES_FILE, clientTypesSource } from './client-types.ts';

writeFileSync(CLIENT_TYPES_FILE, clientTypesSource(ROUTES));
console.log(`wrote ${fileURLToPath(CLIENT_TYPES_FILE)}`);
