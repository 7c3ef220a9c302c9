import { ComingSoonPage } from '../../../components/ComingSoonPage.tsx';

export function PostsPage() {
  return <ComingSoonPage title="Posts" />;
}
