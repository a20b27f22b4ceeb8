import { OmitType, PartialType } from '@nestjs/swagger';
import type { CompetitionSettingsChange } from '../core/competition-settings-update';
import { CreateCompetitionDto } from './create-competition.dto';

/**
 * The creation's settings, each optional (only those given change), with the same
 * shape checks; the arbiter and the series are fixed at creation. Meaning is checked by the service.
 */
export class UpdateCompetitionDto
  extends PartialType(OmitType(CreateCompetitionDto, ['arbiterUserId', 'arbiterEmail', 'series'] as const))
  implements CompetitionSettingsChange {}
