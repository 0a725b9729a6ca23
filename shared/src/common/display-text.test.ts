import { describe, expect, it } from 'vitest';
import { ZAdGroupCreate, ZAdGroupTemplateCreate } from '../ad-groups/ad-group.schema';
import { ZAdvertiserCreate } from '../advertisers/advertiser-create.schema';
import { ZAgencyCreate } from '../agency/agency.schema';
import { ZCampaignDetailsUpdate } from '../campaigns/campaign.schema';
import { ZCreativeForm, ZCreativeTemplateForm } from '../ad-groups/creative.schema';
import { ZDomainListCreate } from '../lists/domain-list.schema';
import { ZAdGroupDetailsForm } from '../ad-groups/ad-group-form.schema';
import { ZAdvertiserForm } from '../advertisers/advertiser-form.schema';
import { cleanDisplayDescription, cleanDisplayName } from './display-text';
import { fieldErrorsOf } from './field-errors';
import { ZPublicationListCreateForm } from '../lists/publication-list.schema';
import { ZSegmentForm } from '../segments/segment-form.schema';
import { ZSignUpForm } from '../agency/sign-up.schema';

/** Every character the names shown to others must never carry (besides tab, line feed, return). */
const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
const MARKS = ['\u200E', '\u200F', '\u061C'];
const C0 = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i));
const C1 = ['\u007F', ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(0x80 + i))];

describe('cleanDisplayName', () => {
  it('strips bidi overrides, isolates and marks, and C0/C1 controls', () => {
    // Prepare
    const unsafe = [...BIDI, ...MARKS, ...C0.filter((c) => !'\t\n\v\f\r'.includes(c)), ...C1];

    // Act
    const cleaned = unsafe.map((c) => cleanDisplayName(`Ac${c}me`));

    // Assess
    expect(new Set(cleaned)).toEqual(new Set(['Acme']));
  });

  it('turns line breaks and tabs into spaces, then trims', () => {
    expect(cleanDisplayName(' \tNorth\r\nwind\tMedia\u202E ')).toBe('North  wind Media');
  });

  it('keeps letters of every script, emoji and joiners', () => {
    const names = ['Łódź Média', 'Ωmega', '株式会社', 'שלום', 'مرحبا', '👩‍💻 Studio', 'Café\u0301'];
    for (const name of names) expect(cleanDisplayName(name)).toBe(name);
  });
});

describe('cleanDisplayDescription', () => {
  it('keeps line breaks and tabs (descriptions are multiline), unified to \\n', () => {
    expect(cleanDisplayDescription('Line 1\r\nLine 2\rLine 3\n\tindented')).toBe('Line 1\nLine 2\nLine 3\n\tindented');
  });

  it('strips the other controls and every bidi control, and trims', () => {
    expect(cleanDisplayDescription(' \u202Etxt.exe\u0000\u0085\u200F ')).toBe('txt.exe');
  });
});

describe('names in the shared schemas', () => {
  const spoof = 'Acme \u202Egnp.exe';
  const clean = 'Acme gnp.exe';

  it('are stored without bidi controls by every request schema that names something', () => {
    // Act
    const advertiser = ZAdvertiserCreate.parse({
      name: spoof,
      phone: '+1 512 555 0100',
      address_1: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      domain: 'acme.com',
    });
    const adGroup = ZAdGroupCreate.parse({
      bgAdvertiserId: 'bgAdvertiser-1',
      bgCampaignId: 'bg-campaign-1',
      name: spoof,
      description: 'one\u2066\ntwo',
      adGroupType: 'image',
    });
    const template = ZAdGroupTemplateCreate.parse({
      bgAdvertiserId: 'bgAdvertiser-1',
      name: spoof,
      adGroupType: 'image',
    });
    const list = ZDomainListCreate.parse({ bgAdvertiserId: 'bgAdvertiser-1', listName: spoof, domains: ['acme.com'] });
    const update = ZCampaignDetailsUpdate.parse({ name: spoof, description: 'x\u202Dy' });
    const agency = ZAgencyCreate.shape.name.parse(spoof);
    const creative = ZCreativeForm.safeParse({ name: spoof, description: 'a\u0000b' });
    const creativeTemplate = ZCreativeTemplateForm.safeParse({ name: spoof });

    // Assess
    expect(advertiser.name).toBe(clean);
    expect(adGroup).toMatchObject({ name: clean, description: 'one\ntwo' });
    expect(template.name).toBe(clean);
    expect(list.listName).toBe(clean);
    expect(update).toMatchObject({ name: clean, description: 'xy' });
    expect(agency).toBe(clean);
    // The creative forms fail on their other (missing) fields; their names pass cleaned.
    expect(creative.error?.issues.map((i) => i.path[0])).not.toContain('name');
    expect(ZCreativeForm.shape.name.parse(spoof)).toBe(clean);
    expect(ZCreativeForm.shape.description.parse('a\u0000b')).toBe('ab');
    expect(creativeTemplate.error?.issues.map((i) => i.path[0])).not.toContain('name');
    expect(ZCreativeTemplateForm.shape.name.parse(spoof)).toBe(clean);
  });

  it('count a name of nothing but controls as empty, in the forms as on the server', () => {
    // Act
    const form = fieldErrorsOf(ZAdvertiserForm, {
      name: '\u202E\u200F',
      phoneNumber: '+1 512 555 0100',
      firstAddress: 'a',
      city: 'c',
      state: 's',
      postalCode: 'z',
      domain: 'acme.com',
    });
    const server = ZAdvertiserCreate.safeParse({
      name: '\u202E\u200F',
      phone: '+1 512 555 0100',
      address_1: 'a',
      city: 'c',
      state: 's',
      zip: 'z',
      domain: 'acme.com',
    });

    // Assess
    expect(form).toEqual({ name: ['Required field.'] });
    expect(server.error?.issues.map((i) => i.path.join('.'))).toEqual(['name']);
  });

  it('are cleaned by the forms too, so what the browser shows is what the server stores', () => {
    expect(ZAdGroupDetailsForm.parse({ name: spoof, description: 'a\u202Eb' })).toEqual({
      name: clean,
      description: 'ab',
    });
    expect(ZPublicationListCreateForm.shape.name.parse(spoof)).toBe(clean);
    expect(ZSegmentForm.parse({ name: spoof, advertiserId: 'bgAdvertiser-1', description: '\u202E' })).toEqual({
      name: clean,
      advertiserId: 'bgAdvertiser-1',
      description: '',
    });
    expect(
      ZSignUpForm.parse({
        userName: 'owner',
        email: 'owner@example.com',
        companyName: spoof,
        password: 'Owner-pass-1',
        passwordConfirm: 'Owner-pass-1',
      }).companyName,
    ).toBe(clean);
  });
});
