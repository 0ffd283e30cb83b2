import InventoryIcon from '@mui/icons-material/Inventory2';
import { useParams } from 'react-router';
import { ShopEmptyPage } from '../components/shop-empty-page';

export default function ProductPage() {
  const { productSlug } = useParams();
  return (
    <ShopEmptyPage icon={<InventoryIcon />} title="Product not found">
      “{productSlug}” is not in the catalogue.
    </ShopEmptyPage>
  );
}
