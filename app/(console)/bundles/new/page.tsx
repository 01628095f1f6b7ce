import { titleMetadata } from '@/lib/i18n/page-metadata';
import { createRoute } from '../../_lib/record-route';
import { NewBundleForm } from '../_components/new-bundle-form';

export const generateMetadata = titleMetadata('bundles', 'newTitle');

export default createRoute('bundles', NewBundleForm);
