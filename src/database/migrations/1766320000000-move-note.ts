import { MigrationInterface, QueryRunner } from 'typeorm';

/** A move may carry the mover's short note to the partner (plain text). */
export class MoveNote1766320000000 implements MigrationInterface {
  name = 'MoveNote1766320000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "move" ADD "note" text');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "move" DROP COLUMN "note"');
  }
}
