import { staffRoles, type StaffRole } from '~/shared/staff-constants';

/**
 * The staff console's sections: its navigation and each page's gate read this list. A section is shown
 * to staff holding one of its roles (admin sees every section). One line per section.
 */
export interface AdminSection {
  id: string;
  /** The Persian address; the English one is under /en. */
  path: string;
  roles: readonly StaffRole[];
  label: { fa: string; en: string };
}

export const adminSections = [
  { id: 'home', path: '/admin', roles: staffRoles, label: { fa: 'پیشخوان', en: 'Dashboard' } },
  {
    id: 'comments',
    path: '/admin/comments',
    roles: ['moderator'],
    label: { fa: 'دیدگاه‌ها', en: 'Comments' },
  },
  {
    id: 'chat',
    path: '/admin/chat',
    roles: ['moderator'],
    label: { fa: 'گفتگوی اکران‌ها', en: 'Screening chats' },
  },
  {
    id: 'inboxes',
    path: '/admin/inboxes',
    roles: ['moderator', 'support'],
    label: { fa: 'صندوق پیام‌ها و گزارش‌ها', en: 'Inboxes' },
  },
  {
    id: 'marketing',
    path: '/admin/marketing',
    roles: ['catalogue'],
    label: { fa: 'صفحه اصلی و کمپین‌ها', en: 'Home and campaigns' },
  },
  {
    id: 'roles',
    path: '/admin/roles',
    roles: ['admin'],
    label: { fa: 'نقش‌های کارکنان', en: 'Staff roles' },
  },
  { id: 'audit', path: '/admin/audit', roles: ['admin'], label: { fa: 'گزارش تغییرات', en: 'Audit log' } },
  {
    id: 'payments',
    path: '/admin/payments',
    roles: ['finance', 'support'],
    label: { fa: 'پرداخت‌ها', en: 'Payments' },
  },
  {
    id: 'discounts',
    path: '/admin/discounts',
    roles: ['finance'],
    label: { fa: 'کدهای تخفیف', en: 'Discount codes' },
  },
  { id: 'gifts', path: '/admin/gifts', roles: ['finance'], label: { fa: 'هدیه‌ها', en: 'Gifts' } },
  {
    id: 'finance',
    path: '/admin/finance',
    roles: ['finance'],
    label: { fa: 'گزارش‌های مالی', en: 'Finance reports' },
  },
  {
    id: 'settlement',
    path: '/admin/settlement',
    roles: ['finance'],
    label: { fa: 'تطبیق تسویه درگاه‌ها', en: 'Gateway settlement' },
  },
  {
    id: 'catalogue',
    path: '/admin/catalogue',
    roles: ['catalogue'],
    label: { fa: 'کاتالوگ', en: 'Catalogue' },
  },
  { id: 'viewers', path: '/admin/viewers', roles: ['support'], label: { fa: 'بینندگان', en: 'Viewers' } },
  {
    id: 'orders',
    path: '/admin/orders',
    roles: ['shop'],
    label: { fa: 'سفارش‌های فروشگاه', en: 'Shop orders' },
  },
  {
    id: 'goods',
    path: '/admin/goods',
    roles: ['shop'],
    label: { fa: 'کالا و موجودی', en: 'Goods and stock' },
  },
] as const satisfies readonly AdminSection[];

export type AdminSectionId = (typeof adminSections)[number]['id'];

export function adminSection(id: AdminSectionId): AdminSection {
  return adminSections.find((section) => section.id === id) as AdminSection;
}
