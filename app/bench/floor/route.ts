import { benchFloor } from '@/lib/endpoints/handlers/bench';

export const dynamic = 'force-dynamic';
export const GET = benchFloor;
