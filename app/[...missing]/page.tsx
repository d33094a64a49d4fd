import { notFound } from 'next/navigation';

// Browsers asking for a path nothing answers get the site's 404 page;
// other clients get a `not_found` problem from proxy.ts before this runs.
export default function MissingPage() {
  notFound();
}
