import type { StaffRole } from '../../shared/staff-constants';
import type { SeedStep } from './step';
import { DEMO_STAFF } from './social';
import { insertDemoAccount } from './viewer';

/**
 * One demo staff account per role besides admin (the demo staff account 09120000001 is the admin),
 * named in the README, so each section of the console can be tried as the role that uses it. They share
 * the admin's demo password.
 */
export const DEMO_ROLE_STAFF: readonly { role: Exclude<StaffRole, 'admin'>; phone: string; name: string }[] =
  [
    { role: 'moderator', phone: '+989120000011', name: 'ناظر نمایشی' },
    { role: 'support', phone: '+989120000012', name: 'پشتیبان نمایشی' },
    { role: 'catalogue', phone: '+989120000013', name: 'ویراستار نمایشی فهرست' },
    { role: 'finance', phone: '+989120000014', name: 'کارشناس مالی نمایشی' },
    { role: 'shop', phone: '+989120000015', name: 'کارمند نمایشی فروشگاه' },
  ];

export const demoStaffRolesStep: SeedStep = {
  name: 'demo-staff-roles',
  async run(tx, now) {
    for (const { role, phone, name } of DEMO_ROLE_STAFF) {
      await insertDemoAccount(tx, now, { phone, name, password: DEMO_STAFF.password, staffRoles: [role] });
    }
  },
};
