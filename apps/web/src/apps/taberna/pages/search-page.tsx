import SearchOffIcon from '@mui/icons-material/SearchOff';
import { useSearchParams } from 'react-router';
import { ShopEmptyPage } from '../components/shop-empty-page';

export default function SearchPage() {
  const [params] = useSearchParams();
  const query = params.get('query')?.trim() ?? '';
  return (
    <ShopEmptyPage icon={<SearchOffIcon />} title={query ? `No products match “${query}”` : 'Search the shop'}>
      {query ? 'The catalogue has no products yet.' : 'Use the search icon in the top bar to look for a product.'}
    </ShopEmptyPage>
  );
}
