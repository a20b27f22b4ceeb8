import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { CASE_MAIL_CHOICES, type CaseMailChoice } from '../../auth/user.entity';

/** docs/mail-rules.md 20: how the arbiter is told of new and overdue cases. */
export class ArbiterSettingsDto {
  @ApiProperty({
    enum: CASE_MAIL_CHOICES,
    description: '`at-once`: one mail per case as it comes; `digest`: one mail a day (the default).',
  })
  @IsIn([...CASE_MAIL_CHOICES])
  caseMail: CaseMailChoice;
}
