// Each docs page renders its own shell (components/docs/shell.tsx): the
// navigation is server-rendered for the page being shown, so there is no
// client layout to keep between pages.
export default function Layout({ children }: LayoutProps<'/docs'>) {
  return children;
}
