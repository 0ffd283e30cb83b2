import CategoryIcon from '@mui/icons-material/Category';
import { useParams } from 'react-router';
import { ShopEmptyPage } from '../components/shop-empty-page';

export default function CategoryPage() {
  const { categorySlug } = useParams();
  return (
    <ShopEmptyPage icon={<CategoryIcon />} title="Category not found">
      The shop has no category “{categorySlug}”.
    </ShopEmptyPage>
  );
}
