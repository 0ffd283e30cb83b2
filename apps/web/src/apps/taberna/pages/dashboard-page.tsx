import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { ShopEmptyPage } from '../components/shop-empty-page';

export default function DashboardPage() {
  return (
    <ShopEmptyPage icon={<ReceiptLongIcon />} title="You have no orders yet">
      Orders you place and pay for show here, with their lines, totals and payment.
    </ShopEmptyPage>
  );
}
