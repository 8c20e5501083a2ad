import { z } from 'zod';
import { lazySchema } from './lazy.js';
import { DateTime, idString, oneOf } from './common.js';
import { ID_FORMATS, type IdFormat } from './ids.js';
import { SLOW_RESPONSE_CONSECUTIVE_LIMIT, SLOW_RESPONSE_THRESHOLD_MS } from './limits.js';

export const ALERT_CHANNELS = ['email', 'sms'] as const;
export const AlertChannel = lazySchema(() => z.enum(ALERT_CHANNELS));
export type AlertChannel = z.infer<typeof AlertChannel>;

/** The id format of a channel's alert destinations (`dest_email_…`, `dest_sms_…`). */
export const destinationIdFormat = (channel: AlertChannel): IdFormat => ID_FORMATS[`${channel}Destination`];

export const AlertDestination = lazySchema(() =>
  z.object({
    id: z.string(),
    channel: AlertChannel,
    value: z.string(),
    maskedValue: z.string(),
    label: z.string().nullable().optional(),
    isDefault: z.boolean(),
  }),
);
export type AlertDestination = z.infer<typeof AlertDestination>;
export const AlertDestinationList = lazySchema(() => z.object({ data: z.array(AlertDestination) }));

export const AlertDestinationSelection = lazySchema(() =>
  z
    .object({
      email: idString('emailDestination').nullable().optional(),
      sms: idString('smsDestination').nullable().optional(),
    })
    .strict(),
);
export type AlertDestinationSelection = z.infer<typeof AlertDestinationSelection>;

export const AlertChannelSettings = lazySchema(() =>
  z.object({ email: z.boolean(), sms: z.boolean() }).strict(),
);
export type AlertChannelSettings = z.infer<typeof AlertChannelSettings>;

/** As written (alert settings, and monitor write `slowResponseAlerts`): `state` is read-only and accepted only so a read-modify-write round trip is valid. */
export const SlowResponseAlertSettingsInput = lazySchema(() =>
  z
    .object({
      enabled: z.boolean(),
      thresholdMs: oneOf(SLOW_RESPONSE_THRESHOLD_MS),
      consecutiveLimit: oneOf(SLOW_RESPONSE_CONSECUTIVE_LIMIT),
      state: z.enum(['healthy', 'slow']).optional(),
    })
    .partial()
    .strict(),
);

export const SlowResponseAlertSettings = lazySchema(() =>
  z.object({
    enabled: z.boolean(),
    thresholdMs: z.number().int(),
    consecutiveLimit: z.number().int(),
    state: z.enum(['healthy', 'slow']),
  }),
);
export type SlowResponseAlertSettings = z.infer<typeof SlowResponseAlertSettings>;

export const MonitorAlertSettings = lazySchema(() =>
  z.object({
    monitorId: z.string(),
    version: z.string(),
    channels: z.object({ email: z.boolean(), sms: z.boolean() }),
    destinationIds: z.object({
      email: z.string().nullable().optional(),
      sms: z.string().nullable().optional(),
    }),
    slowResponseAlerts: SlowResponseAlertSettings,
  }),
);
export type MonitorAlertSettings = z.infer<typeof MonitorAlertSettings>;

export const MonitorAlertSettingsUpdate = lazySchema(() =>
  z
    .object({
      channels: AlertChannelSettings.partial().strict(),
      destinationIds: AlertDestinationSelection,
      slowResponseAlerts: SlowResponseAlertSettingsInput,
    })
    .partial()
    .strict()
    .refine((v) => Object.keys(v).length > 0, {
      message: 'at least one of channels, destinationIds, slowResponseAlerts is required',
      params: { rule: 'at_least_one' },
    }),
);
export type MonitorAlertSettingsUpdate = z.input<typeof MonitorAlertSettingsUpdate>;

export const ALERT_TYPES = ['availability', 'performance', 'ssl_expiry', 'domain_expiry', 'test'] as const;
export const DELIVERY_STATUSES = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'delayed',
  'failed',
  'bounced',
  'complaint',
  'rejected',
  'suppressed',
  'sms_disabled',
] as const;

export const Alert = lazySchema(() =>
  z.object({
    id: z.string(),
    monitorId: z.string().nullable().optional(),
    monitorName: z.string().nullable().optional(),
    timestamp: DateTime,
    type: z.enum(ALERT_TYPES),
    status: z.string().nullable().optional(),
    previousStatus: z.string().nullable().optional(),
    channel: AlertChannel.nullable().optional(),
    deliveryStatus: z.enum(DELIVERY_STATUSES).optional(),
    delivered: z.boolean(),
    suppressed: z.boolean(),
    responseTimeMs: z.number().int().nullable().optional(),
    httpStatus: z.number().int().nullable().optional(),
  }),
);
export type Alert = z.infer<typeof Alert>;
