// The toaster's one toast (frontend/src/shared/ui/Toaster.tsx), found as assistive technology finds it: inside
// the "Notifications (F8)" region, an error toast is an alert, any other toast a status message.
import type { Locator, Page } from '@playwright/test';

const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });

/** A success or information toast. */
export const toast = (page: Page): Locator => notifications(page).getByRole('status');

/** An error toast (the specification's "destructive" toasts). */
export const errorToast = (page: Page): Locator => notifications(page).getByRole('alert');
