import type { Page } from '@playwright/test';
import { mp4Bytes, pngBytes } from '@bidgrid/lambdas/test-media';
import { expect, expectAccessible, signIn, test } from './fixtures';

/** A file for the file chooser, made in the test. */
const file = (name: string, mimeType: string, bytes: Uint8Array) => ({ name, mimeType, buffer: Buffer.from(bytes) });

/** Opens Ads Upload from the sidebar, as a person would. */
async function openAdsUpload(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Ads Upload' }).click();
  await expect(page).toHaveURL(/\/ads-upload$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ads Upload' })).toBeVisible();
}

/** Names the new ad group and goes on to its files step. */
async function startNewAdGroup(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name: 'Create New AdGroup' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Required field.')).toBeVisible();
  await page.getByLabel('Ad Group Name').fill(name);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText("Choose Files to upload for this campaign's ad group", { exact: true })).toBeVisible();
}

test('the saved ad groups of the chosen advertiser and media type, each row opening onto its creatives', async ({
  page,
}) => {
  // Prepare
  await signIn(page, 'demo');
  await openAdsUpload(page);

  // Assess: nothing chosen yet
  await expect(page.getByText('Please, select Advertiser')).toBeVisible();

  // Act
  await page.getByLabel('Advertiser', { exact: true }).selectOption({ label: 'Acme Robotics' });

  // Assess: the display templates of Acme
  const table = page.getByRole('table', { name: 'Ad group templates of Acme Robotics' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Evergreen display set');
  await expect(table).toContainText('Brand banners that fit any campaign.');
  await expect(table).not.toContainText('Video cuts');

  // Act
  await table.getByRole('button', { name: 'Show creatives of Evergreen display set' }).click();

  // Assess
  const creatives = page.getByRole('table', { name: 'Creatives of Evergreen display set' });
  await expect(creatives.getByRole('img')).toHaveCount(3);
  await expect(creatives).toContainText('Evergreen - Leaderboard');
  await expect(creatives).toContainText('728');
  await expectAccessible(page);

  // Act: Video
  await page.getByLabel('Media Type').selectOption({ label: 'Video' });

  // Assess
  await expect(table).toContainText('Video cuts');
  await table.getByRole('button', { name: 'Show creatives of Video cuts' }).click();
  await expect(page.getByRole('table', { name: 'Creatives of Video cuts' })).toContainText('15 s');

  // Act: an advertiser without saved ad groups
  await page.getByLabel('Advertiser', { exact: true }).selectOption({ label: 'Northwind Analytics' });

  // Assess
  await expect(
    page.getByText('There are no adgroup templates associated with "Northwind Analytics" advertiser'),
  ).toBeVisible();
});

test('every upload rule for a display ad group: allowed and refused sizes, an 800,001-byte image, a video', async ({
  page,
}) => {
  // Prepare
  await signIn(page, 'demo');
  await openAdsUpload(page);
  await page.getByLabel('Advertiser', { exact: true }).selectOption({ label: 'Acme Robotics' });
  await startNewAdGroup(page, 'Holiday banners');

  // Act
  await page.getByRole('button', { name: 'Submit' }).click();

  // Assess
  await expect(page.getByText('Please, upload creative assets to continue.')).toBeVisible();

  // Act: the file button's chooser, with files made here
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose Files' }).click();
  await (
    await chooser
  ).setFiles([
    file('medium-rectangle.png', 'image/png', pngBytes(300, 250)),
    file('odd.png', 'image/png', pngBytes(123, 45)),
    file('heavy.png', 'image/png', pngBytes(300, 250, 800_001)),
    file('teaser.mp4', 'video/mp4', mp4Bytes({ width: 640, height: 360, seconds: 17 })),
  ]);

  // Assess: each refused file in the list and in its own toast, the rest taken
  const invalid = page.getByRole('list', { name: 'Invalid assets' });
  const refusals = [
    'File with the wrong dimension: odd.png, 123x45.',
    'File with the wrong size: heavy.png, 800001 bytes.',
    'Because you chose a non-video (display) campaign, you are only able to upload images/gifs for this campaign, not videos.',
  ];
  await expect(invalid.getByRole('listitem')).toHaveText(refusals);
  for (const message of refusals) await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Rest Files are Successfully Loaded' })).toBeVisible();
  const valid = page.getByRole('list', { name: 'Valid assets', exact: true });
  await expect(valid.getByRole('listitem')).toHaveCount(1);
  await expect(valid).toContainText('medium-rectangle.png (300x250, 1000 bytes)');

  // Act: a file dropped on the zone; the same name again is taken once
  const dropped = await page.evaluateHandle(
    (bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], 'leaderboard.png', { type: 'image/png' }));
      transfer.items.add(new File([new Uint8Array(bytes)], 'medium-rectangle.png', { type: 'image/png' }));
      return transfer;
    },
    Array.from(pngBytes(728, 90)),
  );
  await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: dropped });

  // Assess
  await expect(valid.getByRole('listitem')).toHaveCount(2);
  await expect(valid).toContainText('leaderboard.png (728x90, 1000 bytes)');
  await expect(page.getByRole('status').filter({ hasText: 'Successfully Loaded Files' }).first()).toBeVisible();

  // Act: a preview shown, hidden, and a file removed
  await valid.getByRole('button', { name: 'Show preview of leaderboard.png' }).click();
  await expect(valid.getByRole('img', { name: 'Preview of leaderboard.png' })).toBeVisible();
  await valid.getByRole('button', { name: 'Hide preview of leaderboard.png' }).click();
  await expect(valid.getByRole('img', { name: 'Preview of leaderboard.png' })).toHaveCount(0);
  await valid.getByRole('button', { name: 'Remove leaderboard.png' }).click();

  // Assess
  await expect(valid.getByRole('listitem')).toHaveCount(1);
  await expectAccessible(page);
});

test('a video ad group takes mp4 only and notes a 17 s video’s unusual duration', async ({ page }) => {
  // Prepare
  await signIn(page, 'demo');
  await openAdsUpload(page);
  await page.getByLabel('Advertiser', { exact: true }).selectOption({ label: 'Acme Robotics' });
  await page.getByLabel('Media Type').selectOption({ label: 'Video' });
  await startNewAdGroup(page, 'Holiday clips');

  // Act
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose Files' }).click();
  await (
    await chooser
  ).setFiles([
    file('teaser.mp4', 'video/mp4', mp4Bytes({ width: 640, height: 360, seconds: 17 })),
    file('medium-rectangle.png', 'image/png', pngBytes(300, 250)),
  ]);

  // Assess
  const note =
    'The video creative has an unusual duration - 17 seconds. The most common durations are 15 and 30 seconds.';
  const valid = page.getByRole('list', { name: 'Valid assets', exact: true });
  await expect(valid).toContainText('teaser.mp4 (640x360');
  await expect(valid).toContainText(note);
  await expect(page.getByRole('list', { name: 'Invalid assets' }).getByRole('listitem')).toHaveText([
    'Because you chose a video campaign, you are only able to upload videos for this campaign, not images.',
  ]);
  await expect(page.getByRole('alert').filter({ hasText: 'Because you chose a video campaign' })).toBeVisible();
  await expectAccessible(page);
});
