import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import { ShopEmptyPage } from '../components/shop-empty-page';

export default function FailedPage() {
  return (
    <ShopEmptyPage icon={<ErrorOutlineIcon />} title="No payment to show">
      This page tells you when a payment did not go through. There is no payment to show now.
    </ShopEmptyPage>
  );
}
