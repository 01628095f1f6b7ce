import { titleMetadata } from '@/lib/i18n/page-metadata';
import { editRoute } from '../../../_lib/record-route';
import { requireUserAdmin } from '../../_lib/require-user-admin';
import { UserEditPage } from '../../_components/user-pages';

export const dynamic = 'force-dynamic';

export const generateMetadata = titleMetadata('users', 'editTitle');

export default editRoute('users', requireUserAdmin, UserEditPage);
