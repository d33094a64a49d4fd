import { benchFumadocsSearch } from '@/lib/endpoints/handlers/bench-handlers';

export const dynamic = 'force-dynamic';
export const GET = benchFumadocsSearch;
