import { ComingSoonPage } from '../../../components/ComingSoonPage.tsx';

export function CategoriesPage() {
  return <ComingSoonPage title="Categories" />;
}
