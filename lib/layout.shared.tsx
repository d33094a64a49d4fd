import type { BaseLayoutProps } from 'fumadocs-ui/layouts/shared';
import { GitHubIcon } from '@/components/github-icon';
import { codeHostWeb, layerRepo, siteName } from './site';

export function baseOptions(): BaseLayoutProps {
  return {
    nav: { title: siteName },
    // Not `githubUrl`: its icon is an unlabelled <svg role="img"> (axe svg-img-alt).
    links: [
      {
        type: 'icon',
        label: 'GitHub',
        text: 'GitHub',
        url: `${codeHostWeb}/${layerRepo.owner}/${layerRepo.repo}`,
        icon: <GitHubIcon />,
        external: true,
      },
    ],
  };
}
