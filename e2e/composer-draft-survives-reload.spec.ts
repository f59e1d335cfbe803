import { openChatAsFan } from './support/media';
import { apiSignUp, openAs } from './support/money';
import { expect, test } from './support/test';

// A message half typed survives a reload of the page (taken by accident or by the browser), for
// that chat only; once sent, the box starts empty again.

test('a half-typed message is still there after a reload, and gone once sent', async ({ page, request }) => {
  const fan = await apiSignUp(request, 'user');
  const creator = await apiSignUp(request, 'featured');
  await openChatAsFan(request, fan, creator);
  await openAs(page, creator, `/chats/${fan.id}`);
  const box = page.getByRole('textbox', { name: /Message/ });
  await box.fill('Thanks for the kind words, I will send the');
  await page.reload();
  await expect(box).toHaveValue('Thanks for the kind words, I will send the');

  await box.fill('Thanks for the kind words!');
  await box.press('Enter');
  await expect(page.getByRole('log').getByText('Thanks for the kind words!')).toBeVisible();
  await expect(box).toHaveValue('');
  await page.reload();
  await expect(page.getByRole('log').getByText('Thanks for the kind words!')).toBeVisible();
  await expect(box).toHaveValue('');
});
