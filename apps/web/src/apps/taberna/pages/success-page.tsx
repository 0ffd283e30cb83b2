import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { ShopEmptyPage } from '../components/shop-empty-page';

export default function SuccessPage() {
  return (
    <ShopEmptyPage icon={<TaskAltIcon />} title="No payment to confirm">
      This page confirms a payment when you come back from the checkout. There is no payment to show now.
    </ShopEmptyPage>
  );
}
