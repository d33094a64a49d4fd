import type { BaseLayoutProps } from 'fumadocs-ui/layouts/shared';
import { codeHostWeb, layerRepo, siteName } from './site';

export function baseOptions(): BaseLayoutProps {
  return {
    nav: { title: siteName },
    githubUrl: `${codeHostWeb}/${layerRepo.owner}/${layerRepo.repo}`,
  };
}
