// The API's shape checks of a competition's settings name each setting in words,
// with the same names the service's own checks use (setting-names.ts): the validation pipe
// asks this for every field it refuses (src/common/validation-messages.ts).
import type { FieldLabeler } from '../../common/validation-messages';
import { SETTING_NAMES, type SettingKey } from '../core/setting-names';
import { CreateCompetitionDto } from './create-competition.dto';
import { UpdateCompetitionDto } from './update-competition.dto';

/** A setting's name in words, for a field of the creation or edit DTO; undefined for anything else. */
export const settingFieldLabel: FieldLabeler = (target, property) =>
  (target instanceof CreateCompetitionDto || target instanceof UpdateCompetitionDto) && Object.hasOwn(SETTING_NAMES, property)
    ? SETTING_NAMES[property as SettingKey]
    : undefined;
