import { crc32, deflateSync } from 'node:zlib';

/**
 * Real, small creative files for the demo world, made in code (no binary files in the repo, no
 * network): PNG banners of the allowed display sizes and an MP4 video clip that browsers play. Both
 * are deterministic, so a reseeded world looks the same.
 */

/** An RGB colour. */
export type Rgb = readonly [number, number, number];

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A PNG banner: a diagonal gradient between two colours, light stripes, and a call-to-action
 * button block in the lower right, scaled to the banner. Truecolour, 8 bits, a few kilobytes.
 */
export function pngBanner(width: number, height: number, from: Rgb, to: Rgb): Buffer {
  const rowBytes = width * 3 + 1;
  const raw = Buffer.alloc(rowBytes * height);
  const button = {
    x0: Math.round(width * 0.62),
    x1: Math.round(width * 0.94),
    y0: Math.round(height * 0.62),
    y1: Math.round(height * 0.88),
  };
  for (let y = 0; y < height; y++) {
    raw[y * rowBytes] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const t = (x / Math.max(1, width - 1) + y / Math.max(1, height - 1)) / 2;
      let rgb = from.map((c, i) => Math.round(c + ((to[i] as number) - c) * t)) as number[];
      if ((x + y) % 24 < 3) rgb = rgb.map((c) => Math.min(255, c + 28));
      if (x >= button.x0 && x < button.x1 && y >= button.y0 && y < button.y1) rgb = [250, 250, 250];
      const at = y * rowBytes + 1 + x * 3;
      raw[at] = rgb[0] as number;
      raw[at + 1] = rgb[1] as number;
      raw[at + 2] = rgb[2] as number;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Writes H.264 syntax elements bit by bit (u(n), ue(v), se(v)). */
class BitWriter {
  private readonly bytes: number[] = [];
  private current = 0;
  private used = 0;

  bits(value: number, count: number): this {
    for (let i = count - 1; i >= 0; i--) {
      this.current = (this.current << 1) | ((value >>> i) & 1);
      if (++this.used === 8) this.flushByte();
    }
    return this;
  }

  ue(value: number): this {
    const code = value + 1;
    const length = Math.floor(Math.log2(code));
    return this.bits(0, length).bits(code, length + 1);
  }

  se(value: number): this {
    return this.ue(value <= 0 ? -2 * value : 2 * value - 1);
  }

  /** Zero bits up to the next byte boundary. */
  align(): this {
    while (this.used !== 0) this.bits(0, 1);
    return this;
  }

  raw(data: Uint8Array): this {
    if (this.used !== 0) throw new Error('raw bytes need a byte boundary');
    for (const byte of data) this.bytes.push(byte);
    return this;
  }

  /** rbsp_trailing_bits: a one, then zeros to the boundary. */
  trailing(): Buffer {
    this.bits(1, 1).align();
    return Buffer.from(this.bytes);
  }

  private flushByte(): void {
    this.bytes.push(this.current & 0xff);
    this.current = 0;
    this.used = 0;
  }
}

/** A NAL unit: header byte, then the payload with emulation-prevention bytes. */
function nal(refIdc: number, type: number, rbsp: Buffer): Buffer {
  const out: number[] = [(refIdc << 5) | type];
  let zeros = 0;
  for (const byte of rbsp) {
    if (zeros >= 2 && byte <= 3) {
      out.push(3);
      zeros = 0;
    }
    out.push(byte);
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return Buffer.from(out);
}

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8, 0);
  head.write(type, 4, 'ascii');
  return Buffer.concat([head, body]);
}

const u8 = (...values: number[]): Buffer => Buffer.from(values);
function u16(value: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(value, 0);
  return b;
}
function u32(...values: number[]): Buffer {
  const b = Buffer.alloc(4 * values.length);
  values.forEach((v, i) => b.writeUInt32BE(v >>> 0, i * 4));
  return b;
}
const UNITY_MATRIX = u32(0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000);

/**
 * An MP4 (H.264 Constrained Baseline, one IDR frame of uncompressed I_PCM macroblocks) showing a
 * still frame for `seconds`: what a video creative needs in the demo (a real file a `<video>` plays,
 * with the duration the upload rules look at) without an encoder. Width and height must be
 * multiples of 16; the frame is a vertical gradient between two colours.
 */
export function mp4Clip(width: number, height: number, seconds: number, from: Rgb, to: Rgb): Buffer {
  if (width % 16 !== 0 || height % 16 !== 0) throw new Error('mp4Clip: width and height must be multiples of 16');
  const mbWidth = width / 16;
  const mbHeight = height / 16;

  const sps = new BitWriter()
    .bits(66, 8) // profile_idc: Baseline
    .bits(0b11000000, 8) // constraint_set0 and 1: Constrained Baseline
    .bits(30, 8) // level_idc 3.0
    .ue(0) // seq_parameter_set_id
    .ue(0) // log2_max_frame_num_minus4
    .ue(2) // pic_order_cnt_type
    .ue(1) // max_num_ref_frames
    .bits(0, 1) // gaps_in_frame_num_value_allowed_flag
    .ue(mbWidth - 1)
    .ue(mbHeight - 1)
    .bits(1, 1) // frame_mbs_only_flag
    .bits(1, 1) // direct_8x8_inference_flag
    .bits(0, 1) // frame_cropping_flag
    .bits(0, 1) // vui_parameters_present_flag
    .trailing();
  const pps = new BitWriter()
    .ue(0) // pic_parameter_set_id
    .ue(0) // seq_parameter_set_id
    .bits(0, 1) // entropy_coding_mode_flag: CAVLC
    .bits(0, 1) // bottom_field_pic_order_in_frame_present_flag
    .ue(0) // num_slice_groups_minus1
    .ue(0) // num_ref_idx_l0_default_active_minus1
    .ue(0) // num_ref_idx_l1_default_active_minus1
    .bits(0, 1) // weighted_pred_flag
    .bits(0, 2) // weighted_bipred_idc
    .se(0) // pic_init_qp_minus26
    .se(0) // pic_init_qs_minus26
    .se(0) // chroma_qp_index_offset
    .bits(1, 1) // deblocking_filter_control_present_flag
    .bits(0, 1) // constrained_intra_pred_flag
    .bits(0, 1) // redundant_pic_cnt_present_flag
    .trailing();

  const slice = new BitWriter()
    .ue(0) // first_mb_in_slice
    .ue(7) // slice_type: I (all slices)
    .ue(0) // pic_parameter_set_id
    .bits(0, 4) // frame_num
    .ue(0) // idr_pic_id
    .bits(0, 1) // no_output_of_prior_pics_flag
    .bits(0, 1) // long_term_reference_flag
    .se(0) // slice_qp_delta
    .ue(1); // disable_deblocking_filter_idc: off (PCM needs none)
  // BT.601 limited range; samples stay within 16..240, so no zero bytes to escape.
  const yuv = (rgb: Rgb): [number, number, number] => {
    const [r, g, b] = rgb;
    return [
      Math.round(16 + 0.257 * r + 0.504 * g + 0.098 * b),
      Math.round(128 - 0.148 * r - 0.291 * g + 0.439 * b),
      Math.round(128 + 0.439 * r - 0.368 * g - 0.071 * b),
    ];
  };
  for (let my = 0; my < mbHeight; my++) {
    for (let mx = 0; mx < mbWidth; mx++) {
      slice.ue(25).align(); // mb_type I_PCM, pcm_alignment_zero_bits
      const luma = Buffer.alloc(256);
      for (let y = 0; y < 16; y++) {
        const t = (my * 16 + y) / Math.max(1, height - 1);
        const rgb = from.map((c, i) => Math.round(c + ((to[i] as number) - c) * t)) as unknown as Rgb;
        luma.fill(yuv(rgb)[0], y * 16, y * 16 + 16);
      }
      const t = (my * 16 + 8) / Math.max(1, height - 1);
      const [, cb, cr] = yuv(from.map((c, i) => Math.round(c + ((to[i] as number) - c) * t)) as unknown as Rgb);
      slice.raw(luma).raw(Buffer.alloc(64, cb)).raw(Buffer.alloc(64, cr));
    }
  }
  const spsNal = nal(3, 7, sps);
  const ppsNal = nal(3, 8, pps);
  const frame = nal(3, 5, slice.trailing());
  const sample = Buffer.concat([u32(frame.length), frame]);

  const timescale = 1000;
  const duration = Math.round(seconds * timescale);
  const avcC = box(
    'avcC',
    u8(1, 66, 0b11000000, 30, 0xff, 0xe1),
    u16(spsNal.length),
    spsNal,
    u8(1),
    u16(ppsNal.length),
    ppsNal,
  );
  const avc1 = box(
    'avc1',
    Buffer.alloc(6),
    u16(1), // data_reference_index
    Buffer.alloc(16),
    u16(width),
    u16(height),
    u32(0x00480000, 0x00480000, 0),
    u16(1), // frame_count
    Buffer.alloc(32), // compressorname
    u16(0x0018),
    u16(0xffff),
    avcC,
  );
  const ftyp = box('ftyp', Buffer.from('isom'), u32(512), Buffer.from('isomiso2avc1mp41'));
  const build = (chunkOffset: number): Buffer =>
    box(
      'moov',
      box(
        'mvhd',
        u32(0, 0, 0, timescale, duration, 0x00010000),
        u16(0x0100),
        Buffer.alloc(10),
        UNITY_MATRIX,
        Buffer.alloc(24),
        u32(2),
      ),
      box(
        'trak',
        box(
          'tkhd',
          u32(0x00000003, 0, 0, 1, 0, duration),
          Buffer.alloc(8),
          u16(0),
          u16(0),
          u16(0),
          u16(0),
          UNITY_MATRIX,
          u32(width << 16, height << 16),
        ),
        box(
          'mdia',
          box('mdhd', u32(0, 0, 0, timescale, duration), u16(0x55c4), u16(0)),
          box('hdlr', u32(0, 0), Buffer.from('vide'), u32(0, 0, 0), Buffer.from('VideoHandler\0')),
          box(
            'minf',
            box('vmhd', u32(0x00000001), u16(0), u16(0), u16(0), u16(0)),
            box('dinf', box('dref', u32(0, 1), box('url ', u32(0x00000001)))),
            box(
              'stbl',
              box('stsd', u32(0, 1), avc1),
              box('stts', u32(0, 1, 1, duration)),
              box('stss', u32(0, 1, 1)),
              box('stsc', u32(0, 1, 1, 1, 1)),
              box('stsz', u32(0, 0, 1, sample.length)),
              box('stco', u32(0, 1, chunkOffset)),
            ),
          ),
        ),
      ),
    );
  // The chunk offset points into mdat, after ftyp and moov (whose size does not depend on it).
  const moov = build(ftyp.length + build(0).length + 8);
  return Buffer.concat([ftyp, moov, box('mdat', sample)]);
}
